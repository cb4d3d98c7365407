/**
 * What the drawn landing page (dist/landing.html, sent for '/' to visitors without a session) does
 * without the app: the React components it was drawn from mark their few moving parts with data and
 * ARIA attributes, and this wires them up with the same behaviour, so a first visit runs a few
 * kilobytes of script instead of the app. Links are plain links: Pricing or a call to action loads
 * the page it leads to, and the app with it.
 *
 * Pure DOM, no React: the marks it reads are `video[data-ambient]` (a sample clip that loops unless
 * the visitor asked for reduced motion), `button[data-toggles-video]` (a play/pause button whose
 * `aria-controls` names its video) and the header's burger (`button[aria-expanded]` whose `aria-controls`
 * names the mobile menu). It imports nothing, so the page loads it as one small file.
 */
export function startDrawnLanding(doc: Document, options: { reducedMotion: boolean }): void {
  if (!options.reducedMotion) for (const video of doc.querySelectorAll<HTMLVideoElement>('video[data-ambient]')) startAmbient(video);
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-toggles-video]')) wireVideoToggle(doc, button);
  wireMobileMenu(doc);
}

/** As AmbientVideo does in the app: autoplay, set once the page runs (a clip with data already is loaded again so it acts). */
function startAmbient(video: HTMLVideoElement): void {
  if (video.autoplay) return;
  video.autoplay = true;
  if (video.paused && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) video.load();
}

/** As FinalVideoPlayer does in the app: the label and pressed state follow the video's playback. */
function wireVideoToggle(doc: Document, button: HTMLButtonElement): void {
  const video = doc.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!(video instanceof HTMLVideoElement)) return;
  const name = button.dataset['togglesVideo'] ?? 'video';
  const show = (playing: boolean) => {
    button.setAttribute('aria-pressed', String(playing));
    button.setAttribute('aria-label', `${playing ? 'Pause' : 'Play'} ${name}`);
  };
  video.addEventListener('play', () => show(true));
  video.addEventListener('pause', () => show(false));
  button.addEventListener('click', () => {
    if (video.paused) void video.play().catch(() => show(false));
    else video.pause();
  });
}

/** As PublicHeader does in the app: the burger opens and closes the mobile menu; Escape or a link in it closes it. */
function wireMobileMenu(doc: Document): void {
  const burger = doc.querySelector<HTMLButtonElement>('header button[aria-controls][aria-expanded]');
  const menu = doc.getElementById(burger?.getAttribute('aria-controls') ?? '');
  if (!menu || !burger) return;
  const set = (open: boolean) => {
    menu.hidden = !open;
    burger.setAttribute('aria-expanded', String(open));
    burger.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    // Mantine's Burger draws its cross from data-opened on its inner element.
    burger.firstElementChild?.toggleAttribute('data-opened', open);
  };
  burger.addEventListener('click', () => set(menu.hidden !== false));
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) set(false);
  });
  doc.defaultView?.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') set(false);
  });
}
