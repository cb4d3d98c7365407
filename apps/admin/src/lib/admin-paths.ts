// The app is served under /admin (Vite `base`, router `basename`); in-app links omit the prefix.
export const adminBasePath = '/admin';

/**
 * Full-page navigation to an admin path, so the app starts from a clean state. The login page is
 * '/admin/' with the slash: the Fastify fallback serves both forms, Vite's dev server only this one.
 */
export function navigateToAdmin(path: `/${string}` = '/'): void {
  leavingPage = true;
  window.location.assign(adminBasePath + path);
}

let leavingPage = false;

/** True once a full-page navigation has started: this page's screens should leave one-time notices for the next page. */
export function isLeavingPage(): boolean {
  return leavingPage;
}
