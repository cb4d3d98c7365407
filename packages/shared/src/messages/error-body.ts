// Reading a failed answer (§7 and the 'General' rule of §8). Plain values only: the caller hands over
// the status, the status text and the answer's raw text, so this runs in any browser or test.

import { sessionExpiredMessage } from '../errors.ts';

/** Where the product sends the browser when a 401 answer asks for a new sign-in (§7). */
export const reauthPath = '/auth/google';

/** Shown when nothing at all can be read from a failed answer. */
const fallbackMessage = 'An error occurred. Please try again.';

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The message of a non-OK answer: the body's `error`, else `message`, else `detail` (non-blank strings
 * only), else the raw text, else the status text. When even the status text is blank the generic
 * 'An error occurred. Please try again.' is returned so the caller never shows an empty error.
 */
export function messageFromErrorBody(body: unknown, rawText: string, statusText: string): string {
  const fromBody = field(body, 'error') ?? field(body, 'message') ?? field(body, 'detail');
  if (fromBody !== undefined) return fromBody;
  if (rawText.trim() !== '') return rawText;
  if (statusText.trim() !== '') return statusText;
  return fallbackMessage;
}

/** A 401 answer whose body carries `requiresReauth: true` (the user must sign in again). */
export function isReauthBody(status: number, body: unknown): boolean {
  return (
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    (body as Record<string, unknown>).requiresReauth === true
  );
}

/** The error raised on a re-auth answer: the body's `reason`, else `message`, else 'Session expired - please login again'. */
export function reauthMessage(body: unknown): string {
  return field(body, 'reason') ?? field(body, 'message') ?? sessionExpiredMessage;
}
