import { downloadLockedError, generationMessages, videoCreationFailedError } from '@reelsmith/shared';
import { renderWithMantine } from '@reelsmith/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { job, scene } from '../test-fixtures.ts';
import { FinalStepView, type FinalStepViewProps } from './final-step-view.tsx';

const idle = { active: false, job: undefined, startedAt: null };
const sceneVideos = { s1: '/media/v1.mp4', s2: '/media/v2.mp4' };

function props(overrides: Partial<FinalStepViewProps> = {}): FinalStepViewProps {
  return {
    scenes: [scene(1), scene(2, { title: '' })],
    sceneVideos,
    coverage: { any: true, all: true },
    aspect: '9 / 16',
    poster: '/media/avatar.png',
    transition: 'none',
    onTransitionChange: vi.fn(),
    captions: { on: false, style: 'clean', position: 'bottom' },
    onCaptionsChange: vi.fn(),
    captionSample: 'Tired of dull skin every',
    subtitles: null,
    generation: idle,
    onCreate: vi.fn(),
    failure: null,
    parsed: null,
    finalPosterUrl: undefined,
    index: 0,
    onIndexChange: vi.fn(),
    allowDownload: true,
    download: { kind: 'missing' },
    locked: false,
    lockedError: downloadLockedError('Free'),
    checkingPlan: false,
    onUnavailableDownload: vi.fn(),
    onLockedAction: vi.fn(),
    completed: false,
    completing: false,
    onComplete: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('FinalStepView: merging', () => {
  it('previews every scene video and merges them with the chosen transition', async () => {
    const user = userEvent.setup({ delay: null });
    const onTransitionChange = vi.fn();
    const onCreate = vi.fn();
    renderWithMantine(<FinalStepView {...props({ onTransitionChange, onCreate })} />);

    expect(screen.getByLabelText('Scene 1 preview').getAttribute('src')).toBe('/media/v1.mp4');
    expect(screen.getByText('Scene 1 · Title 1')).toBeTruthy();
    expect(screen.getByText('Scene 2')).toBeTruthy();

    expect((screen.getByRole('radio', { name: 'No Transition' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Crossfade' }));
    expect(onTransitionChange).toHaveBeenCalledWith('crossfade');

    await user.click(button('Create Final Video'));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('cannot merge until every scene has its video', () => {
    renderWithMantine(<FinalStepView {...props({ sceneVideos: { s1: '/media/v1.mp4' }, coverage: { any: true, all: false } })} />);
    expect(screen.getByText(generationMessages.noVideos)).toBeTruthy();
    expect(screen.queryByLabelText('Scene 2 preview')).toBeNull();
    expect(isDisabled(button('Create Final Video'))).toBe(true);
  });

  it('shows the merge running, and holds the way back while it runs', () => {
    renderWithMantine(<FinalStepView {...props({ generation: { active: true, job: job({ kind: 'final', stage: 'Joining scenes', percent: 50 }), startedAt: Date.now() } })} />);
    expect(screen.getByRole('progressbar', { name: 'Creating final video progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(isDisabled(button('Back to Step 5'))).toBe(true);
    expect(isDisabled(button('Complete Project'))).toBe(true);
  });

  it('says why the last merge failed', () => {
    renderWithMantine(<FinalStepView {...props({ failure: 'The scene videos could not be joined.' })} />);
    expect(screen.getByText(videoCreationFailedError.title)).toBeTruthy();
    expect(screen.getByText('The scene videos could not be joined.')).toBeTruthy();
  });

  it('plays a playlist scene by scene and switches scenes on request', async () => {
    const user = userEvent.setup({ delay: null });
    const onIndexChange = vi.fn();
    renderWithMantine(<FinalStepView {...props({ parsed: { kind: 'playlist', videos: ['/media/v1.mp4', '/media/v2.mp4'] }, onIndexChange })} />);
    expect(screen.getByTestId('final-video').getAttribute('src')).toBe('/media/v1.mp4');
    expect(screen.getByText('Playing scene by scene (1 of 2)')).toBeTruthy();
    await user.click(button('Scene 2'));
    expect(onIndexChange).toHaveBeenCalledWith(1);
  });
});

describe('FinalStepView: download and completion', () => {
  it('downloads the final video under the project name', () => {
    renderWithMantine(<FinalStepView {...props({ download: { kind: 'ready', url: '/media/final.mp4', fileName: 'Launch.mp4' } })} />);
    const link = screen.getByRole('link', { name: 'Download Final Video' });
    expect(link.getAttribute('href')).toBe('/media/final.mp4');
    expect(link.getAttribute('download')).toBe('Launch.mp4');
  });

  it('explains a plan without downloads and leads to the plans', async () => {
    const user = userEvent.setup({ delay: null });
    const onUnavailableDownload = vi.fn();
    const onLockedAction = vi.fn();
    renderWithMantine(<FinalStepView {...props({ allowDownload: false, download: { kind: 'locked' }, locked: true, onUnavailableDownload, onLockedAction })} />);

    expect(screen.getByText('Video downloads are not available on the Free plan')).toBeTruthy();
    await user.click(button('Download Final Video'));
    expect(onUnavailableDownload).toHaveBeenCalledOnce();
    await user.click(button(downloadLockedError('Free').action));
    expect(onLockedAction).toHaveBeenCalledOnce();
  });

  it('reports a missing video on download, and waits for the plan before offering one', async () => {
    const user = userEvent.setup({ delay: null });
    const onUnavailableDownload = vi.fn();
    const { rerender } = renderWithMantine(<FinalStepView {...props({ onUnavailableDownload })} />);
    expect(screen.queryByText(/not available on the/)).toBeNull();
    await user.click(button('Download Final Video'));
    expect(onUnavailableDownload).toHaveBeenCalledOnce();

    rerender(<FinalStepView {...props({ onUnavailableDownload, checkingPlan: true })} />);
    expect(isDisabled(button('Download Final Video'))).toBe(true);
  });

  it('completes the project once, and goes back', async () => {
    const user = userEvent.setup({ delay: null });
    const onComplete = vi.fn();
    const onBack = vi.fn();
    const { rerender } = renderWithMantine(<FinalStepView {...props({ onComplete, onBack })} />);
    await user.click(button('Complete Project'));
    expect(onComplete).toHaveBeenCalledOnce();
    await user.click(button('Back to Step 5'));
    expect(onBack).toHaveBeenCalledOnce();

    rerender(<FinalStepView {...props({ onComplete, completed: true })} />);
    expect(within(screen.getByRole('status')).getByText('Project Completed')).toBeTruthy();
    expect(isDisabled(button('Complete Project'))).toBe(true);
  });
});

describe('FinalStepView: captions', () => {
  it('turns captions on, then picks the look and the place, with a preview of the script', async () => {
    const user = userEvent.setup({ delay: null });
    const onCaptionsChange = vi.fn();
    const { rerender } = renderWithMantine(<FinalStepView {...props({ onCaptionsChange })} />);
    expect(screen.queryByRole('img', { name: /Caption preview/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Burn captions into the video/ }));
    expect(onCaptionsChange).toHaveBeenLastCalledWith({ on: true, style: 'clean', position: 'bottom' });

    rerender(<FinalStepView {...props({ onCaptionsChange, captions: { on: true, style: 'clean', position: 'bottom' } })} />);
    const preview = screen.getByRole('img', { name: 'Caption preview: clean, bottom' });
    expect(preview.textContent).toContain('Tired of dull skin every');
    await user.click(screen.getByRole('radio', { name: 'Word by word' }));
    expect(onCaptionsChange).toHaveBeenLastCalledWith({ on: true, style: 'highlight', position: 'bottom' });
    await user.click(screen.getByRole('radio', { name: 'Top' }));
    expect(onCaptionsChange).toHaveBeenLastCalledWith({ on: true, style: 'clean', position: 'top' });

    rerender(<FinalStepView {...props({ onCaptionsChange, captions: { on: true, style: 'highlight', position: 'middle' } })} />);
    // Word by word shows three words in capitals at a time.
    expect(screen.getByRole('img', { name: 'Caption preview: word by word, middle' }).textContent).toBe('TIRED OF DULLPreview');
  });

  it('draws the caption where the merge will put it: beside a product at the bottom right', () => {
    const place = (left: number, right: number, top: number, bottom: number) => ({ left, right, top, bottom });
    const row = { bottom: place(0.05, 0.55, 0.8, 0.86), middle: place(0.05, 0.95, 0.47, 0.53), top: place(0.05, 0.95, 0.14, 0.2) };
    const captionPlaces = { clean: row, highlight: { ...row, middle: place(0.05, 0.95, 0.3, 0.36) } };
    const { rerender } = renderWithMantine(<FinalStepView {...props({ captions: { on: true, style: 'clean', position: 'bottom' }, captionPlaces })} />);
    const band = () => screen.getByTestId('caption-band');
    expect([band().style.left, band().style.right, band().style.bottom]).toEqual(['5%', '45%', '14%']);
    rerender(<FinalStepView {...props({ captions: { on: true, style: 'highlight', position: 'middle' }, captionPlaces })} />);
    expect([band().style.top, band().style.transform]).toEqual(['30%', 'none']);
    // Until the server has said, the stylesheet's place for the position.
    rerender(<FinalStepView {...props({ captions: { on: true, style: 'clean', position: 'top' } })} />);
    expect(band().style.cssText).toBe('');
  });

  it('offers the subtitle files where downloads are allowed, and only there', () => {
    const subtitles = { srt: { url: '/media/f.srt', fileName: 'My-Reel.srt' }, vtt: { url: '/media/f.vtt', fileName: 'My-Reel.vtt' } };
    const { rerender } = renderWithMantine(<FinalStepView {...props({ subtitles })} />);
    const srt = screen.getByRole('link', { name: 'Captions (SRT)' });
    expect([srt.getAttribute('href'), srt.getAttribute('download')]).toEqual(['/media/f.srt', 'My-Reel.srt']);
    expect(screen.getByRole('link', { name: 'Captions (WebVTT)' }).getAttribute('download')).toBe('My-Reel.vtt');
    rerender(<FinalStepView {...props({ subtitles, allowDownload: false, locked: true })} />);
    expect(screen.queryByRole('link', { name: /Captions \(/ })).toBeNull();
  });

  it('holds the captions choice while the merge runs', () => {
    renderWithMantine(<FinalStepView {...props({ captions: { on: true, style: 'clean', position: 'bottom' }, generation: { active: true, job: undefined, startedAt: Date.now() } })} />);
    expect((screen.getByRole('switch', { name: /Burn captions/ }) as HTMLInputElement).disabled).toBe(true);
  });
});
