import type { FailedAnswer } from '@reelsmith/shared';
import { createApiFetch, type ApiFetch } from '@reelsmith/ui/api';
import { getAdminToken } from '../features/auth/admin-session.ts';
import { expireAdminSession } from '../features/auth/session-expiry.ts';

/**
 * How the back office reads a failed answer: the body's message, then its error, then the raw text
 * (never an HTML page from a proxy), then the status. Any 401 of a signed-in call ends the session (spec §4).
 */
export function readAdminFailedAnswer(status: number, statusText: string, rawText: string): FailedAnswer {
  return { message: adminErrorMessage(status, statusText, rawText), requiresReauth: status === 401 };
}

function adminErrorMessage(status: number, statusText: string, rawText: string): string {
  const data = parseJson(rawText);
  const record = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  const fromBody = [record?.['message'], record?.['error']].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (fromBody) return fromBody;
  const text = rawText.trim();
  // An HTML error page from a proxy is no message for a toast.
  if (text && !text.startsWith('<')) return text.slice(0, 300);
  return statusText || `Request failed with status ${status}`;
}

function parseJson(rawText: string): unknown {
  try {
    return JSON.parse(rawText) as unknown;
  } catch {
    return null;
  }
}

/** The app's admin API caller: bearer adminToken, and a 401 ends the session (spec §4, §6). */
export const adminFetch: ApiFetch = createApiFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  sessionHeaders: (): Record<string, string> => {
    const token = getAdminToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
  readFailedAnswer: readAdminFailedAnswer,
  onSessionEnded: expireAdminSession,
});
