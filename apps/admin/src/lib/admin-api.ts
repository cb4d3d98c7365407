import { expireAdminSession } from '../features/auth/session-expiry.ts';
import { getAdminToken } from '../features/auth/admin-session.ts';
import { AdminApiError } from './admin-api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | Date | null | undefined;

export interface AdminRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; the JSON content type is set only when a body is present. */
  body?: unknown;
  /** Appended as a query string; null, undefined and '' values are left out ('all' filters are omitted). */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'none' sends no bearer token (the login); a 401 is then an ordinary error. */
  auth?: 'bearer' | 'none';
  /** 'throw' keeps a 401 an ordinary error instead of ending the session (the logout call). */
  on401?: 'expire-session' | 'throw';
}

export interface AdminFetchDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  getToken: () => string | null;
  /** Runs on a 401 of an authenticated call, before the error is thrown. */
  onSessionExpired: () => void;
}

export type AdminFetch = <T>(path: string, options?: AdminRequestOptions) => Promise<T>;

export { AdminApiError };

export function createAdminFetch(deps: AdminFetchDependencies): AdminFetch {
  return async function adminFetch<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, signal, auth = 'bearer', on401 = 'expire-session' } = options;
    const headers: Record<string, string> = { ...options.headers };
    const token = auth === 'bearer' ? deps.getToken() : null;
    if (token) headers['Authorization'] = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (signal) init.signal = signal;

    const response = await deps.fetch(withQuery(path, query), init);
    const rawText = await response.text();
    const data = parseAnswer(rawText);

    if (response.status === 401 && auth === 'bearer' && on401 === 'expire-session') {
      deps.onSessionExpired();
    }
    if (!response.ok) throw new AdminApiError(response.status, errorMessageOf(data, rawText, response), data);
    return data as T;
  };
}

export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The answer as JSON when it parses, else the raw text; an empty answer is null. */
export function parseAnswer(rawText: string): unknown {
  if (rawText === '') return null;
  try {
    return JSON.parse(rawText) as unknown;
  } catch {
    return rawText;
  }
}

/** The server's `{ error, message }` body: the message first, then the error, then the raw text or status. */
export function errorMessageOf(data: unknown, rawText: string, response: Pick<Response, 'status' | 'statusText'>): string {
  const record = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  const fromBody = [record?.['message'], record?.['error']].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (fromBody) return fromBody;
  const text = rawText.trim();
  // An HTML error page from a proxy is no message for a toast.
  if (text && !text.startsWith('<')) return text.slice(0, 300);
  return response.statusText || `Request failed with status ${response.status}`;
}

/** The message to show for any failure: the server's message, or the fallback for network and unknown errors. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof AdminApiError ? error.message : fallback;
}

/** The app's admin API caller: bearer adminToken, and a 401 ends the session (spec §4, §6). */
export const adminFetch: AdminFetch = createAdminFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: getAdminToken,
  onSessionExpired: expireAdminSession,
});
