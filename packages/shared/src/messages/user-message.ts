// The user-facing message mapper of §8: any thrown value in, one readable sentence out. Which of the
// spec's sentences applies is decided by the error's reason code (packages/shared reasons.ts), which
// the server sends with every failure and the browser sets itself when no answer arrived ('network');
// the message text is only ever shown, never matched.
//
// Precedence (the spec's order; the first rule that matches wins):
//   1. no error (null, undefined, blank text, no status and no reason) → generic message
//   2. reason insufficient_credits or quota → credits message (with the 'You have N credits
//      remaining, but M credits are required' sentence when the server's text holds it)
//   3. reason unauthorized (or status 401)                            → session expired
//   4. reason not_found / project_not_found (or status 404)           → not found
//   5. reason network                                                  → network
//   6. reason rate_limited (or status 429)                            → too many requests
//   7. raw JSON or status text ('500: {...}', '{...}', '503: Service Unavailable')
//        → the JSON's `error` (or `error.message`), else its `message`, else the text before the
//          first brace, else the generic message
//   8. anything else → a leading 'Error:' stripped and a final period added
// A failure without a reason of its own (an answer from a proxy, say) takes its status's reason.

import { asReason, reasonForStatus, type Reason } from '../reasons.ts';

export const genericErrorMessage = 'An error occurred. Please try again.';

export const userMessages = {
  generic: genericErrorMessage,
  insufficientCredits: 'Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.',
  upgradeOrWait: 'Please upgrade your plan or wait for your quota to reset.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notFound: 'The requested resource was not found. Please refresh and try again.',
  network: 'Network error. Please check your connection and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const;

/** What can be read from any thrown value: its text, HTTP status, name and reason code, when present. */
export interface ErrorFacts {
  text: string;
  status: number | undefined;
  name: string | undefined;
  /** The reason code it carries (its own, its tRPC `data`'s or its answer body's), else its status's. */
  reason: Reason | undefined;
  /** The facts the server sent with it (its own `details` or its tRPC `data.details`), for messages worded from them. */
  details?: Record<string, unknown> | undefined;
}

function numericStatus(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{3}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * Reads strings, Error objects and plain objects with `message` (or `error`), `status` (or
 * `statusCode`) and `reason` (on the value, its tRPC `data`, or its answer `body`).
 */
export function readError(error: unknown): ErrorFacts {
  const none = { status: undefined, name: undefined, reason: undefined };
  if (error === null || error === undefined) return { text: '', ...none };
  if (typeof error === 'string') {
    // Status text ('401: Unauthorized', '503: Service Unavailable') carries its status.
    const status = numericStatus(/^(?:error:\s*)?(\d{3})\s*:/i.exec(error.trim())?.[1]);
    return { text: error.trim(), ...none, status, reason: reasonForStatus(status) };
  }
  if (typeof error === 'object') {
    const record = error as Record<string, unknown>;
    let text = '';
    if (typeof record.message === 'string') text = record.message;
    else if (typeof record.error === 'string') text = record.error;
    const status = numericStatus(record.status) ?? numericStatus(record.statusCode) ?? numericStatus(field(record.data, 'httpStatus'));
    const reason = asReason(record.reason) ?? asReason(field(record.data, 'reason')) ?? asReason(field(record.body, 'reason')) ?? reasonForStatus(status);
    const details = field(record, 'details') ?? field(record.data, 'details');
    return {
      text: text.trim(),
      status,
      name: typeof record.name === 'string' ? record.name : undefined,
      reason,
      details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined,
    };
  }
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') {
    return { text: String(error), ...none };
  }
  return { text: '', ...none };
}

/** The reasons that read as the spec's credits message: out of credit, or the plan's quota used up. */
export function isCreditsReason(reason: Reason | undefined): boolean {
  return reason === 'insufficient_credits' || reason === 'quota';
}

const creditsSentence = /you have [\d.,]+ credits? remaining,? but [\d.,]+ credits? (?:are|is) required/i;

/**
 * The credits sentence: 'You have N credits remaining, but M credits are required. Please upgrade your
 * plan or wait for your quota to reset.' when the text holds that phrase, otherwise the fixed
 * insufficient-credits message.
 */
export function insufficientCreditsMessage(text: string): string {
  const match = creditsSentence.exec(text);
  if (!match) return userMessages.insufficientCredits;
  const sentence = match[0].charAt(0).toUpperCase() + match[0].slice(1);
  return `${sentence}. ${userMessages.upgradeOrWait}`;
}

const leadingError = /^error:\s*/i;
const statusPrefix = /^\d{3}\s*:\s*/;

function stringField(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : undefined;
}

/** The `error` (or `error.message`), else `message`, of the JSON that starts at the first brace. */
function embeddedMessage(fromBrace: string): string | undefined {
  const end = fromBrace.lastIndexOf('}');
  if (end !== -1) {
    try {
      const parsed = JSON.parse(fromBrace.slice(0, end + 1)) as unknown;
      const found =
        stringField(parsed, 'error') ??
        stringField((parsed as Record<string, unknown> | null)?.error, 'message') ??
        stringField(parsed, 'message');
      if (found !== undefined) return found;
      if (typeof parsed === 'object' && parsed !== null) return undefined;
    } catch {
      // Not valid JSON (cut short, for example): look for the field by hand below.
    }
  }
  const match = /"(?:error|message)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(fromBrace);
  if (!match?.[1]) return undefined;
  try {
    const unescaped = JSON.parse(`"${match[1]}"`) as string;
    return unescaped.trim() === '' ? undefined : unescaped.trim();
  } catch {
    return match[1].trim() === '' ? undefined : match[1].trim();
  }
}

/** Rule 7: undefined when the text is neither raw JSON nor status text. */
function rawMessage(text: string): string | undefined {
  const withoutError = text.replace(leadingError, '');
  const hasStatus = statusPrefix.test(withoutError);
  const rest = withoutError.replace(statusPrefix, '');
  const brace = rest.indexOf('{');
  if (!hasStatus && brace === -1) return undefined;
  if (brace !== -1) {
    const embedded = embeddedMessage(rest.slice(brace));
    if (embedded !== undefined) return embedded;
  }
  const before = (brace === -1 ? rest : rest.slice(0, brace)).replace(/[\s:-]+$/, '').trim();
  return before === '' ? genericErrorMessage : before;
}

/** Rule 8: strip a leading 'Error:' and end with a period. */
function tidy(text: string): string {
  const stripped = text.replace(leadingError, '').trim();
  if (stripped === '') return genericErrorMessage;
  return /[.!?…]$/.test(stripped) ? stripped : `${stripped}.`;
}

/** The §8 user-facing message for any thrown value; see the precedence at the top of this file. */
export function toUserMessage(error: unknown): string {
  const { text, reason } = readError(error);
  if (text === '' && reason === undefined) return genericErrorMessage;
  if (isCreditsReason(reason)) return insufficientCreditsMessage(text);
  if (reason === 'unauthorized') return userMessages.sessionExpired;
  if (reason === 'not_found' || reason === 'project_not_found') return userMessages.notFound;
  if (reason === 'network') return userMessages.network;
  if (reason === 'rate_limited') return userMessages.rateLimited;
  if (text === '') return genericErrorMessage;
  return rawMessage(text) ?? tidy(text);
}
