import type { VoiceInfo } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { scene } from '../test-fixtures.ts';
import { VoiceStepView, type VoiceStepViewProps } from './voice-step-view.tsx';

function voice(id: string, name: string, overrides: Partial<VoiceInfo> = {}): VoiceInfo {
  return { id, name, gender: 'female', age: 'young', situation: 'warm', language: 'en', accent: 'American', description: `${name} reads warmly.`, emoji: '🎙️', ...overrides };
}
const ava = voice('v1', 'Ava');
const ben = voice('v2', 'Ben', { gender: 'male', age: 'middle_aged' });

function props(overrides: Partial<VoiceStepViewProps> = {}): VoiceStepViewProps {
  return {
    hasProject: true,
    scenes: [scene(1), scene(2)],
    filters: { language: '', gender: '', age: '' },
    onLanguageChange: vi.fn(),
    onGenderChange: vi.fn(),
    onAgeChange: vi.fn(),
    voiceList: { status: 'ready', voices: [ava, ben] },
    onRetryVoices: vi.fn(),
    voiceId: 'v1',
    selectedVoice: ava,
    onSelectVoice: vi.fn(),
    preview: null,
    onPreview: vi.fn(),
    speeds: {},
    onSpeedChange: vi.fn(),
    voiceover: {},
    generating: false,
    generationJob: undefined,
    onGenerate: vi.fn(),
    onAudioError: vi.fn(),
    onNext: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('VoiceStepView: choosing a voice', () => {
  it('lists the voices, marks the chosen one and passes choices and previews on', async () => {
    const user = userEvent.setup({ delay: null });
    const onSelectVoice = vi.fn();
    const onPreview = vi.fn();
    renderWithMantine(<VoiceStepView {...props({ onSelectVoice, onPreview })} />);

    expect(button(/^Choose voice Ava /).getAttribute('aria-pressed')).toBe('true');
    expect(button(/^Choose voice Ben /).getAttribute('aria-pressed')).toBe('false');
    expect(within(button(/^Choose voice Ben /)).getByText('Middle-aged')).toBeTruthy();
    expect(screen.getByText('Selected voice: 🎙️ Ava')).toBeTruthy();

    await user.click(button(/^Choose voice Ben /));
    expect(onSelectVoice).toHaveBeenCalledWith('v2');
    await user.click(button('Preview Ben'));
    expect(onPreview).toHaveBeenCalledWith(ben);
  });

  it("offers to stop the voice that is previewing", () => {
    renderWithMantine(<VoiceStepView {...props({ preview: { voiceId: 'v2', status: 'playing' } })} />);
    expect(button('Stop preview of Ben')).toBeTruthy();
    expect(button('Preview Ava')).toBeTruthy();
  });

  it('filters by gender', async () => {
    const user = userEvent.setup({ delay: null });
    const onGenderChange = vi.fn();
    renderWithMantine(<VoiceStepView {...props({ onGenderChange })} />);
    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(screen.getByRole('option', { name: 'Male' }));
    expect(onGenderChange).toHaveBeenCalledWith('male');
  });

  it('shows the list loading, failed with a retry, or empty', async () => {
    const user = userEvent.setup({ delay: null });
    const onRetryVoices = vi.fn();
    const { rerender } = renderWithMantine(<VoiceStepView {...props({ voiceList: { status: 'loading' }, selectedVoice: undefined })} />);
    expect(screen.getByLabelText('Loading voices')).toBeTruthy();
    expect(screen.getByText('Select a voice to continue.')).toBeTruthy();

    const error = { title: 'Failed to load voices', description: 'The voice service did not answer.' };
    rerender(<VoiceStepView {...props({ voiceList: { status: 'error', error }, onRetryVoices })} />);
    expect(screen.getByText('Failed to load voices')).toBeTruthy();
    expect(screen.getByText('The voice service did not answer.')).toBeTruthy();
    await user.click(button('Try again'));
    expect(onRetryVoices).toHaveBeenCalledOnce();

    rerender(<VoiceStepView {...props({ voiceList: { status: 'ready', voices: [] } })} />);
    expect(screen.getByText('No voices match these filters.')).toBeTruthy();
  });
});

describe('VoiceStepView: scenes and the voiceover', () => {
  it("shows each scene's speed and changes it from the keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    const onSpeedChange = vi.fn();
    renderWithMantine(<VoiceStepView {...props({ speeds: { s2: 0.8 }, onSpeedChange })} />);

    const first = screen.getByRole('slider', { name: 'Speed for scene 1' });
    expect(first.getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByRole('slider', { name: 'Speed for scene 2' }).getAttribute('aria-valuenow')).toBe('0.8');
    expect(within(screen.getByRole('article', { name: 'Scene 2 voiceover' })).getByText('0.8x')).toBeTruthy();

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(onSpeedChange).toHaveBeenCalledWith('s1', 1.1);
  });

  it('generates once a voice is chosen, and goes on once every scene has audio', async () => {
    const user = userEvent.setup({ delay: null });
    const onGenerate = vi.fn();
    const onNext = vi.fn();
    const { rerender } = renderWithMantine(<VoiceStepView {...props({ onGenerate, onNext })} />);
    expect(isDisabled(button('Next: Avatar & Setting'))).toBe(true);
    await user.click(button('Generate Voiceover'));
    expect(onGenerate).toHaveBeenCalledOnce();

    rerender(<VoiceStepView {...props({ onGenerate, onNext, voiceover: { s1: '/media/s1.mp3' } })} />);
    expect(button('Regenerate Voiceover')).toBeTruthy();
    expect(isDisabled(button('Next: Avatar & Setting'))).toBe(true);

    rerender(<VoiceStepView {...props({ onGenerate, onNext, voiceover: { s1: '/media/s1.mp3', s2: '/media/s2.mp3' } })} />);
    await user.click(button('Next: Avatar & Setting'));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('cannot generate without a chosen voice or without scenes, and says why', () => {
    const { rerender } = renderWithMantine(<VoiceStepView {...props({ selectedVoice: undefined, voiceId: null })} />);
    expect(isDisabled(button('Generate Voiceover'))).toBe(true);

    rerender(<VoiceStepView {...props({ scenes: [] })} />);
    expect(isDisabled(button('Generate Voiceover'))).toBe(true);
    expect(screen.getByText('Generate scenes in Step 1 first: the voiceover reads them.')).toBeTruthy();
  });

  it('shows progress while generating and holds the speeds still', () => {
    renderWithMantine(<VoiceStepView {...props({ generating: true })} />);
    expect(screen.getByRole('progressbar', { name: 'Generating voiceover progress' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Speed for scene 1' }).getAttribute('aria-disabled')).toBe('true');
    expect(isDisabled(button('Next: Avatar & Setting'))).toBe(true);
  });

  it('plays each scene’s audio and reports audio that fails to play', () => {
    const onAudioError = vi.fn();
    renderWithMantine(<VoiceStepView {...props({ voiceover: { s1: '/media/s1.mp3' }, onAudioError })} />);
    const audio = screen.getByLabelText('Voiceover for scene 1');
    expect(audio.getAttribute('src')).toBe('/media/s1.mp3');
    expect(screen.queryByLabelText('Voiceover for scene 2')).toBeNull();
    fireEvent.error(audio);
    expect(onAudioError).toHaveBeenCalledOnce();
  });

  it('goes back to the script', async () => {
    const user = userEvent.setup({ delay: null });
    const onBack = vi.fn();
    renderWithMantine(<VoiceStepView {...props({ onBack })} />);
    await user.click(button('Previous: Script'));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
