import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { forceReauth } from './reauth.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; the JSON content type is set only when a body is present. */
  body?: unknown;
  /** 'returnNull' makes a 401 answer resolve to null instead of throwing. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export interface ApiFetch {
  <T>(path: string, options: ApiRequestOptions & { on401: 'returnNull' }): Promise<T | null>;
  <T>(path: string, options?: ApiRequestOptions): Promise<T>;
}

export interface ApiFetchDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Runs on a 401 whose body has requiresReauth, before the error is thrown. */
  onReauthRequired: () => void;
}

export const sessionExpiredMessage = 'Session expired - please login again';

/** A non-OK answer: `message` is what the user may read, `body` is the parsed (or raw) answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function createApiFetch(deps: ApiFetchDependencies): ApiFetch {
  async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T | null> {
    const { method = 'GET', body, on401 = 'throw', signal } = options;
    const hasBody = body !== undefined;
    const init: RequestInit = { method, credentials: 'include' };
    if (hasBody) {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    if (signal) init.signal = signal;

    const response = await deps.fetch(path, init);
    const rawText = await response.text();
    const data = parseAnswer(rawText);

    if (response.status === 401 && on401 === 'returnNull') return null;
    if (response.status === 401 && isRecord(data) && data['requiresReauth']) {
      deps.onReauthRequired();
      throw new ApiError(401, firstText(data['reason'], data['message']) ?? sessionExpiredMessage, data);
    }
    if (!response.ok) {
      throw new ApiError(response.status, errorMessageOf(data, rawText, response), data);
    }
    return data as T;
  }
  return apiFetch as ApiFetch;
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

/** Spec §8 'General': body.error, else message, else detail, else the raw text or status text. */
export function errorMessageOf(data: unknown, rawText: string, response: Pick<Response, 'status' | 'statusText'>): string {
  const fromBody = isRecord(data) ? firstText(data['error'], data['message'], data['detail']) : undefined;
  return fromBody ?? (rawText.trim() || response.statusText || `Request failed with status ${response.status}`);
}

/** The default read's path: the query key's segments joined with a slash. */
export function queryKeyToPath(queryKey: QueryKey): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

function firstText(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The app's wrapper: a re-auth answer forgets the cached user and starts sign-in again. */
export const apiFetch: ApiFetch = createApiFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  onReauthRequired: () => forceReauth(queryClient),
});

/** A queryFn that GETs the path formed from its query key (spec §7's default read). */
export function apiQueryFn<T>(options: { on401?: 'throw' | 'returnNull' } = {}) {
  return ({ queryKey, signal }: QueryFunctionContext): Promise<T | null> =>
    apiFetch<T>(queryKeyToPath(queryKey), { on401: options.on401 ?? 'throw', signal });
}
