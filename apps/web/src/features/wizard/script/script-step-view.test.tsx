import { SCRIPT_MAX_CHARS } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { scene } from '../test-fixtures.ts';
import { ScriptStepView, type ScriptStepViewProps } from './script-step-view.tsx';

function props(overrides: Partial<ScriptStepViewProps> = {}): ScriptStepViewProps {
  return {
    hasProject: true,
    plan: { isFreeUser: false, maxReelSeconds: 55 },
    reelTime: 20,
    script: '',
    scenes: [],
    busy: false,
    generating: false,
    saving: false,
    regeneratingIndex: null,
    askedDuration: null,
    onPickDuration: vi.fn(),
    onLockedDuration: vi.fn(),
    onScriptChange: vi.fn(),
    onGenerate: vi.fn(),
    onEditScene: vi.fn(),
    onRegenerateScene: vi.fn(),
    onSaveAndNext: vi.fn(),
    onCancelDurationChange: vi.fn(),
    onKeepScenes: vi.fn(),
    onRegenerateAll: vi.fn(),
    ...overrides,
  };
}

/** The view with its script held as the hook holds it, so typing shows up. */
function WithScript(initial: Partial<ScriptStepViewProps>) {
  const [script, setScript] = useState('');
  return <ScriptStepView {...props(initial)} script={script} onScriptChange={setScript} />;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('ScriptStepView', () => {
  it('counts the script as it is typed and lets the user generate scenes once there is text', async () => {
    const user = userEvent.setup({ delay: null });
    const onGenerate = vi.fn();
    renderWithMantine(<WithScript onGenerate={onGenerate} />);

    expect(isDisabled(button('Generate Scenes'))).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /your script/i }), 'Meet it');
    expect(screen.getByLabelText('Script length').textContent).toBe(`7 / ${SCRIPT_MAX_CHARS} characters`);

    await user.click(button('Generate Scenes'));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it('flags a script over the limit', () => {
    renderWithMantine(<ScriptStepView {...props({ script: 'x'.repeat(SCRIPT_MAX_CHARS + 1) })} />);
    expect(screen.getByText(`Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.`)).toBeTruthy();
  });

  it('picks an allowed duration, and opens the upgrade for a locked one', async () => {
    const user = userEvent.setup({ delay: null });
    const onPickDuration = vi.fn();
    const onLockedDuration = vi.fn();
    renderWithMantine(<ScriptStepView {...props({ plan: { isFreeUser: true, maxReelSeconds: 20 }, onPickDuration, onLockedDuration })} />);

    expect(screen.getByText('The Free plan makes videos of up to 20 seconds. Upgrade for longer videos.')).toBeTruthy();
    expect(button('20 s').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('30 s (locked, upgrade to unlock)'));
    expect(onLockedDuration).toHaveBeenCalledOnce();
    expect(onPickDuration).not.toHaveBeenCalled();
  });

  it('shows the scenes with their total, and passes edits and regenerations on by scene', async () => {
    const user = userEvent.setup({ delay: null });
    const onEditScene = vi.fn();
    const onRegenerateScene = vi.fn();
    renderWithMantine(<ScriptStepView {...props({ scenes: [scene(1), scene(2, { durationSeconds: 7 })], onEditScene, onRegenerateScene })} />);

    expect(screen.getByText('2 scenes · 12 s of 20 s')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Scene 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Title' }), '!');
    expect(onEditScene).toHaveBeenLastCalledWith(1, { title: 'Title 2!' });

    await user.click(button('Regenerate scene 2'));
    expect(onRegenerateScene).toHaveBeenCalledWith(1);
  });

  it('warns when the scenes run over the reel time, and not when they fit', () => {
    const view = renderWithMantine(<ScriptStepView {...props({ scenes: [scene(1, { durationSeconds: 12 }), scene(2, { durationSeconds: 11 })] })} />);
    expect(screen.getByText('2 scenes · 23 s of 20 s')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The scenes run 23 s, longer than the 20-second reel time: shorten the script or the scenes, or choose a longer duration.',
    );
    view.unmount();
    renderWithMantine(<ScriptStepView {...props({ scenes: [scene(1, { durationSeconds: 12 }), scene(2, { durationSeconds: 8 })] })} />);
    expect(screen.getByText('2 scenes · 20 s of 20 s')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state before there are scenes', () => {
    renderWithMantine(<ScriptStepView {...props()} />);
    expect(screen.getByText('No scenes yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Scenes' })).toBeNull();
  });

  it('goes on only when every scene has text and nothing is running', async () => {
    const user = userEvent.setup({ delay: null });
    const onSaveAndNext = vi.fn();
    const { rerender } = renderWithMantine(<ScriptStepView {...props({ scenes: [scene(1), scene(2, { text: ' ' })], onSaveAndNext })} />);
    expect(isDisabled(button('Next Step: Voiceover'))).toBe(true);
    expect(screen.getByText('A scene needs some text.')).toBeTruthy();

    rerender(<ScriptStepView {...props({ scenes: [scene(1)], busy: true, onSaveAndNext })} />);
    expect(isDisabled(button('Next Step: Voiceover'))).toBe(true);

    rerender(<ScriptStepView {...props({ scenes: [scene(1)], onSaveAndNext })} />);
    await user.click(button('Next Step: Voiceover'));
    expect(onSaveAndNext).toHaveBeenCalledOnce();
  });

  it('asks what to do with the scenes when the duration changes', async () => {
    const user = userEvent.setup({ delay: null });
    const onKeepScenes = vi.fn();
    const onRegenerateAll = vi.fn();
    renderWithMantine(<ScriptStepView {...props({ scenes: [scene(1)], askedDuration: 30, onKeepScenes, onRegenerateAll })} />);

    const dialog = screen.getByRole('dialog', { name: 'Regenerate scenes for the new duration?' });
    expect(within(dialog).getByText(/changed the video duration to 30 seconds/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Current Scenes' }));
    expect(onKeepScenes).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate All' }));
    expect(onRegenerateAll).toHaveBeenCalledOnce();
  });

  it('shows progress while scenes are generated', () => {
    renderWithMantine(<ScriptStepView {...props({ script: 'Hello', generating: true, busy: true })} />);
    expect(screen.getByRole('progressbar', { name: 'Generating scenes progress' })).toBeTruthy();
  });
});
