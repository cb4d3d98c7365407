// The user-facing message mapper of §8: any thrown value in, one readable sentence out.
//
// Precedence (the spec's order; the first rule that matches wins, a rule matches on the text or on
// the numeric status of the error):
//   1. no error (null, undefined, blank text and no status)      → generic message
//   2. quota / insufficient credits / not enough credits, or the 'You have N credits remaining,
//      but M credits are required' sentence                     → credits message
//   3. unauthorized / unauthorised / 401 (status or in the text) → session expired
//   4. not found / 404                                           → not found
//   5. failed to fetch / fetch failed / network / load failed / ECONNREFUSED / ECONNRESET → network
//   6. rate limit / too many requests / 429                      → too many requests
//   7. raw JSON or status text ('500: {...}', '{...}', '503: Service Unavailable')
//        → the JSON's `error` (or `error.message`), else its `message`, else the text before the
//          first brace, else the generic message
//   8. anything else → a leading 'Error:' stripped and a final period added
// Keywords match case-insensitively; status codes in the text match as whole numbers only, so
// '4040 characters' is not a 404. Because credits come first, a 404 whose text mentions 'quota' is a
// credits message, and a credits message quoting '401 credits' is never taken for a 401.

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

/** What can be read from any thrown value: its text, its HTTP status and its name, when present. */
export interface ErrorFacts {
  text: string;
  status: number | undefined;
  name: string | undefined;
}

function numericStatus(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{3}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** Reads strings, Error objects and plain objects with `message` (or `error`) and `status` (or `statusCode`). */
export function readError(error: unknown): ErrorFacts {
  if (error === null || error === undefined) return { text: '', status: undefined, name: undefined };
  if (typeof error === 'string') return { text: error.trim(), status: undefined, name: undefined };
  if (typeof error === 'object') {
    const record = error as Record<string, unknown>;
    let text = '';
    if (typeof record.message === 'string') text = record.message;
    else if (typeof record.error === 'string') text = record.error;
    return {
      text: text.trim(),
      status: numericStatus(record.status) ?? numericStatus(record.statusCode),
      name: typeof record.name === 'string' ? record.name : undefined,
    };
  }
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') {
    return { text: String(error), status: undefined, name: undefined };
  }
  return { text: '', status: undefined, name: undefined };
}

export const errorPatterns = {
  credits: /quota|insufficient credits?|not enough credits?/i,
  creditsSentence: /you have [\d.,]+ credits? remaining,? but [\d.,]+ credits? (?:are|is) required/i,
  unauthorized: /unauthori[sz]ed|\b401\b/i,
  notFound: /not found|\b404\b/i,
  network: /failed to fetch|fetch failed|network|^load failed$|econnrefused|econnreset/i,
  rateLimit: /rate[ -]?limit|too many requests|\b429\b/i,
} as const;

/** Quota, insufficient or not enough credits, or the 'You have N credits remaining, but M...' sentence. */
export function isCreditsText(text: string): boolean {
  return errorPatterns.credits.test(text) || errorPatterns.creditsSentence.test(text);
}

/**
 * The credits sentence: 'You have N credits remaining, but M credits are required. Please upgrade your
 * plan or wait for your quota to reset.' when the text holds that phrase, otherwise the fixed
 * insufficient-credits message.
 */
export function insufficientCreditsMessage(text: string): string {
  const match = errorPatterns.creditsSentence.exec(text);
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
  const { text, status } = readError(error);
  if (text === '' && status === undefined) return genericErrorMessage;
  if (isCreditsText(text)) return insufficientCreditsMessage(text);
  if (status === 401 || errorPatterns.unauthorized.test(text)) return userMessages.sessionExpired;
  if (status === 404 || errorPatterns.notFound.test(text)) return userMessages.notFound;
  if (errorPatterns.network.test(text)) return userMessages.network;
  if (status === 429 || errorPatterns.rateLimit.test(text)) return userMessages.rateLimited;
  if (text === '') return genericErrorMessage;
  return rawMessage(text) ?? tidy(text);
}
