import { callInit, parseAnswerText, readFailedAnswer, type CallMethod, type FailedAnswer } from '@reelsmith/shared';
import { ApiError } from './api-error.ts';

export type HttpMethod = CallMethod;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; the JSON content type is set only when a body is present. */
  body?: unknown;
  signal?: AbortSignal;
  /** 'none' sends none of the app's session headers (a login); a 401 is then an ordinary error. */
  auth?: 'session' | 'none';
  /**
   * What a 401 does: 'end-session' (the default) ends the session when the answer says so, then throws;
   * 'throw' only throws (a logout); 'return-null' resolves to null (asking who is signed in).
   */
  on401?: 'end-session' | 'throw' | 'return-null';
}

export interface ApiFetch {
  <T>(path: string, options: ApiRequestOptions & { on401: 'return-null' }): Promise<T | null>;
  <T>(path: string, options?: ApiRequestOptions): Promise<T>;
}

/** Where the apps differ: how a call carries the session, how a failed answer reads, what ending the session does. */
export interface ApiFetchConfig {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Headers that carry the session (the back office's bearer token); cookies travel with every call anyway. */
  sessionHeaders?: () => Record<string, string>;
  /** The message of a failed answer and whether it ends the session; by default the shared §7/§8 rules. */
  readFailedAnswer?: (status: number, statusText: string, rawText: string) => FailedAnswer;
  /** Runs on an answer that ends the session, before the error is thrown: forget the user, send them to sign in. */
  onSessionEnded: () => void;
}

/** The one fetch wrapper of both apps: §7's call shape (cookies always, JSON only with a body), errors as ApiError. */
export function createApiFetch(config: ApiFetchConfig): ApiFetch {
  const readFailure = config.readFailedAnswer ?? readFailedAnswer;
  async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T | null> {
    const { method = 'GET', body, signal, auth = 'session', on401 = 'end-session' } = options;
    const { headers: bodyHeaders, ...call } = callInit(method, body);
    const headers = { ...(auth === 'session' ? config.sessionHeaders?.() : undefined), ...bodyHeaders };
    const init: RequestInit = Object.keys(headers).length > 0 ? { ...call, headers } : call;
    if (signal) init.signal = signal;

    const response = await config.fetch(path, init);
    const rawText = await response.text();
    if (response.status === 401 && on401 === 'return-null') return null;
    if (!response.ok) {
      const failed = readFailure(response.status, response.statusText, rawText);
      if (failed.requiresReauth && auth === 'session' && on401 === 'end-session') config.onSessionEnded();
      throw new ApiError(response.status, failed.message, parseAnswerText(rawText));
    }
    return parseAnswerText(rawText) as T;
  }
  return apiFetch as ApiFetch;
}
