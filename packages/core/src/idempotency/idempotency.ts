import { createHash } from 'node:crypto';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';

/** How long a first answer is kept for retries (Stripe's 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** An unfinished claim this old was abandoned (its process died): longer than the longest REST wait (15 minutes). */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 20 * 60_000;
/** Expired rows deleted on each claim, so the table is cleaned without a sweeper. */
const EXPIRED_ROWS_PER_CLAIM = 10;

export const idempotencyMessages = {
  invalidKey: 'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once (a UUID is a good choice).',
  reused: 'This Idempotency-Key was already used with a different request body. Send a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Retry after it has finished.',
} as const;

const printableAscii = /^[\x20-\x7e]{1,255}$/;
// The draft sends the key as a Structured Field string ("…"); Stripe's clients send it bare. Both are read.
const sfString = /^"([\x20\x21\x23-\x5b\x5d-\x7e]*)"$/;

/**
 * The key of an `Idempotency-Key` header: undefined when absent, else the key or the refusal (400).
 * 1–255 printable ASCII characters (a bare key without quotes or commas); a header sent twice is refused rather than guessed at.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): { key: string } | { error: string } | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) return { error: idempotencyMessages.invalidKey };
  const trimmed = header.trim();
  const quoted = sfString.exec(trimmed)?.[1];
  // A bare key has no quote (it would be neither form) and no comma (HTTP joins a repeated header with ", ").
  if (quoted === undefined && /[",]/.test(trimmed)) return { error: idempotencyMessages.invalidKey };
  const key = quoted ?? trimmed;
  return printableAscii.test(key) && key.trim() === key ? { key } : { error: idempotencyMessages.invalidKey };
}

/** JSON with every object's keys sorted, so the same request spelled in another key order reads the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** SHA-256 (hex) of the canonical request body and query: what a retry must repeat exactly. */
export function requestFingerprint(body: unknown, query: Record<string, unknown> = {}): string {
  return createHash('sha256').update(canonicalJson({ body: body ?? null, query })).digest('hex');
}

/** An answer as sent: status, the headers that matter (Location, ETag, …) and the JSON body. */
export interface IdempotentAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

export type IdempotentOutcome =
  | { replayed: false; answer: IdempotentAnswer }
  /** The first request's answer; `body` is its JSON text exactly as first sent. */
  | { replayed: true; statusCode: number; headers: Record<string, string>; body: string };

export interface IdempotentRequest extends IdempotencyScope {
  /** requestFingerprint() of the request. */
  fingerprint: string;
}

/**
 * Runs a customer's request once per key (IETF draft "The Idempotency-Key HTTP Header Field", as
 * Stripe does it): the first claims the key and runs, and its answer is kept for 24 hours; a retry with
 * the same body replays that answer without running again; another body is refused (422); a retry while
 * the first still runs is refused (409). 5xx answers and thrown errors are not kept, so they may be retried.
 */
export async function runIdempotently(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'logger'>,
  request: IdempotentRequest,
  run: () => Promise<IdempotentAnswer>,
): Promise<IdempotentOutcome> {
  const { fingerprint, ...scope } = request;
  // A claim lost to a row that is gone by the time it is read (released after a 5xx, or expired) is tried again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = deps.clock.now();
    const id = await claimIdempotencyKey(deps.db, {
      ...scope,
      fingerprint,
      now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      abandonedBefore: new Date(now.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS),
    });
    if (id) {
      await deleteExpiredIdempotencyKeys(deps.db, now, EXPIRED_ROWS_PER_CLAIM);
      return { replayed: false, answer: await runClaimed(deps, id, run) };
    }
    const held = await findIdempotencyKey(deps.db, scope, now);
    if (!held) continue;
    if (held.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE_CONTENT', idempotencyMessages.reused, { reason: 'idempotency_key_reused' });
    if (held.statusCode === null || held.body === null) throw new AppError('CONFLICT', idempotencyMessages.inFlight, { reason: 'idempotency_key_in_flight' });
    return { replayed: true, statusCode: held.statusCode, headers: held.headers, body: held.body };
  }
  throw new AppError('CONFLICT', idempotencyMessages.inFlight, { reason: 'idempotency_key_in_flight' });
}

async function runClaimed(deps: Pick<CoreDeps, 'db' | 'logger'>, id: string, run: () => Promise<IdempotentAnswer>): Promise<IdempotentAnswer> {
  let answer: IdempotentAnswer;
  try {
    answer = await run();
  } catch (err) {
    await releaseIdempotencyKey(deps.db, id);
    throw err;
  }
  try {
    if (answer.statusCode >= 500) await releaseIdempotencyKey(deps.db, id);
    else await completeIdempotencyKey(deps.db, id, { statusCode: answer.statusCode, headers: answer.headers, body: JSON.stringify(answer.body) });
  } catch (err) {
    // The work is done and answered; a retry meets the unfinished claim (409) until it is abandoned.
    deps.logger.error({ err, idempotencyKeyId: id }, 'idempotency answer not stored');
  }
  return answer;
}
