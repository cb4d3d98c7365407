/**
 * Whether this page load began with the landing page already drawn by the server (dist/landing.html,
 * see prerender/landing-shell.tsx), or this is that drawing being made at build time (no document).
 * Such a page is on screen before any script runs: nothing on it should start hidden and fade in.
 */
export function landingDrawnAtLoad(): boolean {
  return typeof document === 'undefined' || document.getElementById('root')?.dataset['prerendered'] === 'landing';
}
