// Where to send the browser after sign-in: only a path of our own site, else the home page.

/** Control characters (browsers drop tab and line breaks from a URL) and backslashes (read as slashes). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unsafeInPath = /[\u0000-\u001f\u007f\\]/;

/**
 * The value parsed as a browser parses a Location (WHATWG URL, against our own origin), kept only when it
 * stays on that origin, and rebuilt from pathname, search and hash. Values holding control characters or
 * backslashes, raw or percent-encoded, or whose path would begin with two slashes, are refused before
 * parsing: a browser, proxy or router that cleans or decodes them once more must not find another host.
 */
export function safeReturnPath(value: string | undefined | null, ownOrigin: string): string {
  const home = '/';
  if (!value || !value.startsWith('/') || unsafeInPath.test(value)) return home;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return home;
  }
  if (unsafeInPath.test(decoded) || decoded.startsWith('//')) return home;
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(ownOrigin).origin || url.username || url.password) return home;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : home;
}
