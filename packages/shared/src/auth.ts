import { z } from 'zod';

/** The signed-in customer as the auth-user call answers it (customer spec §3, Current user). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.date(),
  dailyVideoCount: z.number().int().nonnegative(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the development sign-in form posts. */
export const devSignInSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid e-mail address.' })).pipe(z.string().max(320)),
  name: z.string().trim().max(200, { error: 'The name is too long.' }).optional().default(''),
  returnTo: z.string().optional(),
});
export type DevSignInInput = z.infer<typeof devSignInSchema>;

/** A stand-in for our own origin: only the origin comparison matters, not the host's name. */
const ownOrigin = 'https://reelsmith.invalid';

/** Control characters (browsers drop tab and line breaks from URLs), backslashes (read as slashes). */
const unsafeInPath = /[\u0000-\u001f\u007f\\]/;

/**
 * Only paths of our own site may be returned to after sign-in; anything else gives '/'. The value is
 * parsed as a browser would (WHATWG URL against our origin) and kept only when it stays on that origin;
 * the result is rebuilt from pathname, search and hash. Values that hold control characters or
 * backslashes, raw or percent-encoded, or whose path would begin with two slashes, are refused first.
 */
export function safeReturnPath(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || unsafeInPath.test(value)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (unsafeInPath.test(decoded) || /^\/\//.test(decoded)) return '/';
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return '/';
  }
  if (url.origin !== ownOrigin || url.username || url.password) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** Splits a display name at the first space: first name before it, the rest as last name. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) return { firstName: null, lastName: null };
  const at = trimmed.indexOf(' ');
  if (at < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}
