// Paths the server answers with redirects; the SPA router must never handle them.
export const serverRoutes = {
  signIn: '/auth/google',
  signOut: '/auth/logout',
  login: '/api/login',
} as const;

export type ServerRoute = (typeof serverRoutes)[keyof typeof serverRoutes];

/** Full-page navigation, so the server (not the SPA router) answers the request. */
export function navigateToServer(path: ServerRoute): void {
  window.location.assign(path);
}

/** The sign-in start, asking the server to come back to `returnTo` (a same-site path) afterwards. */
export function signInHref(returnTo?: string): string {
  return returnTo ? `${serverRoutes.signIn}?returnTo=${encodeURIComponent(returnTo)}` : serverRoutes.signIn;
}

/** The login redirect for an expired or missing session, coming back to `returnTo` after sign-in. */
export function loginHref(returnTo?: string): string {
  return returnTo ? `${serverRoutes.login}?returnTo=${encodeURIComponent(returnTo)}` : serverRoutes.login;
}
