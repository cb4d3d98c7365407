// How every call is shaped (§7): cookies always travel, a JSON content type is set only when a body
// is present, and the answer is parsed as JSON or kept as raw text. The caller passes the result to
// its own fetch; no DOM types are needed here.

import { isReauthBody, messageFromErrorBody, reauthMessage } from './error-body.ts';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallInit {
  method: CallMethod;
  credentials: 'include';
  headers?: Record<string, string>;
  body?: string;
}

/** The fetch options of one call: `Content-Type: application/json` only when `body` is given. */
export function callInit(method: CallMethod, body?: unknown): CallInit {
  if (body === undefined) return { method, credentials: 'include' };
  return { method, credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** The answer's text parsed as JSON, or the text itself when it is not JSON (an empty text gives null). */
export function parseAnswerText(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface FailedAnswer {
  /** The message to raise (the re-auth reason when `requiresReauth`). */
  message: string;
  /** A 401 with `requiresReauth`: clear the cached user and navigate to `reauthPath`. */
  requiresReauth: boolean;
}

/** Reads a non-OK answer from its status, status text and raw text. */
export function readFailedAnswer(status: number, statusText: string, rawText: string): FailedAnswer {
  const body = parseAnswerText(rawText);
  if (isReauthBody(status, body)) return { message: reauthMessage(body), requiresReauth: true };
  return { message: messageFromErrorBody(body, rawText, statusText), requiresReauth: false };
}
