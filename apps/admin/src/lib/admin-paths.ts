// The app is served under /admin (Vite `base`, router `basename`); in-app links omit the prefix.
export const adminBasePath = '/admin';

/**
 * Full-page navigation to an admin path, so the app starts from a clean state. The login page is
 * '/admin/' with the slash: the Fastify fallback serves both forms, Vite's dev server only this one.
 */
export function navigateToAdmin(path: `/${string}` = '/'): void {
  window.location.assign(adminBasePath + path);
}
