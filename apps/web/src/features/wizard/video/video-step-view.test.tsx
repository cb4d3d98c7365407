import { generationMessages, progressEstimates } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { job, scene } from '../test-fixtures.ts';
import { VideoStepView, type VideoStepViewProps } from './video-step-view.tsx';

const idle = { active: false, job: undefined, startedAt: null };
const paidPlan = { isFreeUser: false, allowedQualities: ['standard', 'high'] as const };
const freePlan = { isFreeUser: true, allowedQualities: ['standard'] as const };

function props(overrides: Partial<VideoStepViewProps> = {}): VideoStepViewProps {
  return {
    plan: paidPlan,
    quality: 'standard',
    onPickQuality: vi.fn(),
    picture: '/media/avatar.png',
    coverage: { done: 1, total: 2, all: false },
    scenes: [
      { scene: scene(1), seconds: 6.2, audioUrl: '/media/a1.mp3', videoUrl: '/media/v1.mp4' },
      { scene: scene(2), seconds: 5, audioUrl: '/media/a2.mp3', videoUrl: undefined },
    ],
    totalSeconds: 11.2,
    overReelTime: false,
    reelTime: 20,
    aspect: '9 / 16',
    generation: idle,
    estimate: progressEstimates.standardVideoPerScene,
    checkingPlan: false,
    onGenerate: vi.fn(),
    failure: null,
    downloadLocked: false,
    onLockedDownload: vi.fn(),
    hdDialogOpened: false,
    onCloseHdDialog: vi.fn(),
    onNext: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
}

// The HD upgrade dialog links to the pricing page.
const render = (overrides: Partial<VideoStepViewProps> = {}) => renderWithMantine(<VideoStepView {...props(overrides)} />, { wrapper: MemoryRouter });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('VideoStepView: quality and generation', () => {
  it('shows the chosen quality and passes another on', async () => {
    const user = userEvent.setup({ delay: null });
    const onPickQuality = vi.fn();
    render({ onPickQuality });
    expect(screen.getByRole('radio', { name: 'Standard 360p · faster' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'High 1080p HD' }));
    expect(onPickQuality).toHaveBeenCalledWith('high');
  });

  it('marks HD locked on a plan without it, and only once the plan is known', () => {
    const { unmount } = render({ plan: freePlan });
    expect(within(screen.getByRole('radio', { name: 'High 1080p HD' })).getByLabelText('Locked')).toBeTruthy();
    unmount();
    render({ plan: undefined });
    expect(screen.queryByLabelText('Locked')).toBeNull();
  });

  it('generates the videos, counting those ready', async () => {
    const user = userEvent.setup({ delay: null });
    const onGenerate = vi.fn();
    render({ onGenerate });
    expect(screen.getByText('1 of 2 scene videos ready')).toBeTruthy();
    await user.click(button('Generate All Videos'));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it('offers to regenerate once every scene has its video', () => {
    render({ coverage: { done: 2, total: 2, all: true } });
    expect(button('Regenerate Videos')).toBeTruthy();
  });

  it('cannot generate without a picture, nor while the plan loads', () => {
    const { unmount } = render({ picture: null });
    expect(screen.getByText(generationMessages.noAvatar)).toBeTruthy();
    expect(isDisabled(button('Generate All Videos'))).toBe(true);
    unmount();
    render({ checkingPlan: true });
    expect(isDisabled(button('Generate All Videos'))).toBe(true);
  });

  it("shows the running job's progress and holds quality and navigation still", () => {
    render({ generation: { active: true, job: job({ stage: 'Rendering scene 2 of 2', percent: 75 }), startedAt: Date.now() } });
    expect(screen.getByRole('progressbar', { name: 'Generating videos progress' }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('Rendering scene 2 of 2')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'High 1080p HD' }).hasAttribute('disabled')).toBe(true);
    expect(isDisabled(button('Go to Step 6'))).toBe(true);
  });

  it('explains a failure with its suggestion', () => {
    render({ failure: { title: 'Avatar Busy', description: 'The avatar service is busy.', suggestion: 'Try again in a minute.' } });
    expect(screen.getByText('Avatar Busy')).toBeTruthy();
    expect(screen.getByText('The avatar service is busy.')).toBeTruthy();
    expect(screen.getByText('Try again in a minute.')).toBeTruthy();
  });

  it('opens the HD upgrade dialog when asked, and closes it', async () => {
    const user = userEvent.setup({ delay: null });
    const onCloseHdDialog = vi.fn();
    render({ hdDialogOpened: true, onCloseHdDialog });
    const dialog = screen.getByRole('dialog', { name: 'HD Quality Locked' });
    expect(within(dialog).getByText('High-quality video generation is only available for paid subscribers.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCloseHdDialog).toHaveBeenCalledOnce();
  });
});

describe('VideoStepView: scenes, total and navigation', () => {
  it("shows each scene's length, readiness and video, and downloads it under its scene name", () => {
    render();
    const first = within(screen.getByRole('article', { name: 'Scene 1' }));
    expect(first.getByText('6.2s')).toBeTruthy();
    expect(first.getByText('Audio Ready')).toBeTruthy();
    expect(first.getByText('Video Generated')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('scene-1-video.mp4');

    const second = within(screen.getByRole('article', { name: 'Scene 2' }));
    expect(second.queryByText('Video Generated')).toBeNull();
    expect(second.getByText('No video yet')).toBeTruthy();
  });

  it('explains a locked download instead of downloading', async () => {
    const user = userEvent.setup({ delay: null });
    const onLockedDownload = vi.fn();
    render({ downloadLocked: true, onLockedDownload });
    const first = within(screen.getByRole('article', { name: 'Scene 1' }));
    expect(first.queryByRole('link', { name: 'Download' })).toBeNull();
    await user.click(first.getByRole('button', { name: 'Download' }));
    expect(onLockedDownload).toHaveBeenCalledOnce();
  });

  it('adds the scenes up and flags a total over the reel time', () => {
    const { unmount } = render();
    expect(screen.getByLabelText('Total duration').textContent).toBe('11.2s / 20s reel time');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    render({ totalSeconds: 23, overReelTime: true });
    expect(screen.getByRole('alert').textContent).toBe('The scenes run 23s, longer than the 20-second reel time.');
  });

  it('goes on only once every scene has its video, and back only before', async () => {
    const user = userEvent.setup({ delay: null });
    const onNext = vi.fn();
    const onBack = vi.fn();
    const { unmount } = render({ onNext, onBack });
    expect(isDisabled(button('Go to Step 6'))).toBe(true);
    await user.click(button('Back to Avatar'));
    expect(onBack).toHaveBeenCalledOnce();
    unmount();

    render({ onNext, onBack, coverage: { done: 2, total: 2, all: true } });
    expect(isDisabled(button('Back to Avatar'))).toBe(true);
    await user.click(button('Go to Step 6'));
    expect(onNext).toHaveBeenCalledOnce();
  });
});
