import { loginHref } from '../../lib/server-routes.ts';

/** Spec §4: the logged-out notice (or an Unauthorized toast) shows for half a second before the login redirect. */
export const loginRedirectDelayMs = 500;

export const loggedOutNotice = 'You are logged out. Logging in again...';

/**
 * Sends the browser to the server's login redirect once the notice has been seen, asking to come back
 * to this page afterwards; returns a cancel function.
 */
export function redirectToLoginSoon(): () => void {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  const timer = window.setTimeout(() => window.location.assign(loginHref(returnTo)), loginRedirectDelayMs);
  return () => window.clearTimeout(timer);
}
