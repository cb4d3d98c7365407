import { callInit, parseAnswerText, readFailedAnswer } from '@reelsmith/shared';
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

export { sessionExpiredMessage } from '@reelsmith/shared';

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

/** The §7 call rules and §8 message order come from @reelsmith/shared; this adds fetch and re-auth. */
export function createApiFetch(deps: ApiFetchDependencies): ApiFetch {
  async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T | null> {
    const { method = 'GET', body, on401 = 'throw', signal } = options;
    const init: RequestInit = callInit(method, body);
    if (signal) init.signal = signal;

    const response = await deps.fetch(path, init);
    const rawText = await response.text();
    if (response.status === 401 && on401 === 'returnNull') return null;
    if (!response.ok) {
      const failed = readFailedAnswer(response.status, response.statusText, rawText);
      if (failed.requiresReauth) deps.onReauthRequired();
      throw new ApiError(response.status, failed.message, parseAnswerText(rawText));
    }
    return parseAnswerText(rawText) as T;
  }
  return apiFetch as ApiFetch;
}

/** The default read's path: the query key's segments joined with a slash. */
export function queryKeyToPath(queryKey: QueryKey): string {
  return queryKey.map((segment) => String(segment)).join('/');
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
