import { MantineProvider } from '@mantine/core';
import { createAppTheme } from '@reelsmith/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicHeader } from '../../components/public-header.tsx';
import { startDrawnLanding } from './drawn-landing.ts';
import { FinalVideoPlayer } from './final-video-player.tsx';

/** The markup the build draws (as prerender/landing-shell.tsx does), with no React behind it. */
function drawWithoutReact(options: { reducedMotion: boolean }): void {
  document.body.innerHTML = renderToStaticMarkup(
    <MantineProvider theme={createAppTheme()}>
      <MemoryRouter>
        <PublicHeader />
        <FinalVideoPlayer src="/samples/sample-1.mp4" poster="/samples/sample-1.jpg" />
      </MemoryRouter>
    </MantineProvider>,
  );
  startDrawnLanding(document, options);
}

/** jsdom has no media playback: play() and pause() change `paused` and send the events a browser sends. */
function playable(video: HTMLVideoElement): void {
  let paused = true;
  Object.defineProperty(video, 'paused', { get: () => paused });
  video.play = vi.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  video.pause = vi.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the drawn landing page without the app', () => {
  it('opens and closes the mobile menu from the burger, with Escape and from a link in it', async () => {
    drawWithoutReact({ reducedMotion: true });
    const user = userEvent.setup();
    // jsdom applies Mantine's hiddenFrom class without its media query, so the burger is found by its attributes.
    const burger = document.querySelector<HTMLButtonElement>('header button[aria-expanded]')!;
    const menu = document.getElementById(burger.getAttribute('aria-controls')!)!;
    const state = () => ({
      hidden: menu.hidden,
      label: burger.getAttribute('aria-label'),
      expanded: burger.getAttribute('aria-expanded'),
      cross: burger.firstElementChild?.hasAttribute('data-opened'),
    });
    const closed = { hidden: true, label: 'Open menu', expanded: 'false', cross: false };
    const open = { hidden: false, label: 'Close menu', expanded: 'true', cross: true };
    expect(menu.getAttribute('aria-label')).toBe('Mobile');
    expect(state()).toEqual(closed);

    await user.click(burger);
    expect(state()).toEqual(open);
    await user.click(burger);
    expect(state()).toEqual(closed);

    await user.click(burger);
    await user.keyboard('{Escape}');
    expect(state()).toEqual(closed);

    await user.click(burger);
    const pricing = [...menu.querySelectorAll('a')].find((link) => link.textContent === 'Pricing')!;
    pricing.addEventListener('click', (event) => event.preventDefault());
    await user.click(pricing);
    expect(state()).toEqual(closed);
  });

  it('plays and pauses the final video from its button, whose label and pressed state follow the video', async () => {
    drawWithoutReact({ reducedMotion: true });
    const user = userEvent.setup();
    const video = document.getElementById('final-video-sample') as HTMLVideoElement;
    playable(video);

    await user.click(screen.getByRole('button', { name: 'Play final video' }));
    expect(video.play).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Pause final video' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Pause final video' }));
    expect(video.pause).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Play final video' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('starts the sample clips only for visitors who did not ask for reduced motion', () => {
    drawWithoutReact({ reducedMotion: true });
    expect(document.querySelector('video[data-ambient]')).toBeInstanceOf(HTMLVideoElement);
    expect([...document.querySelectorAll('video')].map((video) => video.autoplay)).toEqual([false]);

    drawWithoutReact({ reducedMotion: false });
    expect([...document.querySelectorAll('video')].map((video) => video.autoplay)).toEqual([true]);
  });
});
