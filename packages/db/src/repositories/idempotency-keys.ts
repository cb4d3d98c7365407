import { sql } from 'kysely';
import type { IdempotencyKeysTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** Whose key, for which call: a key is the customer's own, per method and path. */
export interface IdempotencyScope {
  userId: string;
  method: IdempotencyKeysTable['method'];
  path: string;
  key: string;
}

export interface IdempotencyClaim extends IdempotencyScope {
  fingerprint: string;
  now: Date;
  expiresAt: Date;
  /** An unfinished claim locked before this was abandoned (its process died) and may be taken over. */
  abandonedBefore: Date;
}

/** A stored answer (or a request still in flight, when statusCode is null). */
export interface IdempotencyRecord {
  id: string;
  fingerprint: string;
  statusCode: number | null;
  headers: Record<string, string>;
  body: string | null;
  expiresAt: Date;
}

/**
 * Claims the key for a first request: inserts its row, or takes over an expired or abandoned one (with
 * a new id, so a late finish of the old owner writes nothing). Answers the row's id, or undefined when
 * another request holds the key: the unique index makes a parallel second claim wait and lose.
 */
export async function claimIdempotencyKey(db: Executor, claim: IdempotencyClaim): Promise<string | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      method: claim.method,
      path: claim.path,
      key: claim.key,
      fingerprint: claim.fingerprint,
      locked_at: claim.now,
      expires_at: claim.expiresAt,
      created_at: claim.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'method', 'path', 'key'])
        .doUpdateSet({
          id: sql`gen_random_uuid()`,
          fingerprint: (eb) => eb.ref('excluded.fingerprint'),
          status_code: null,
          response_headers: sql`null`,
          response_body: null,
          locked_at: (eb) => eb.ref('excluded.locked_at'),
          expires_at: (eb) => eb.ref('excluded.expires_at'),
        })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.expires_at', '<=', claim.now),
            eb.and([eb('idempotency_keys.status_code', 'is', null), eb('idempotency_keys.locked_at', '<=', claim.abandonedBefore)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The key's row, finished or in flight, if it has not expired. */
export async function findIdempotencyKey(db: Executor, scope: IdempotencyScope, now: Date): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['id', 'fingerprint', 'status_code', 'response_headers', 'response_body', 'expires_at'])
    .where('user_id', '=', scope.userId)
    .where('method', '=', scope.method)
    .where('path', '=', scope.path)
    .where('key', '=', scope.key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, fingerprint: row.fingerprint, statusCode: row.status_code, headers: row.response_headers ?? {}, body: row.response_body, expiresAt: row.expires_at };
}

/** Stores the first request's answer on its claim. */
export async function completeIdempotencyKey(db: Executor, id: string, answer: { statusCode: number; headers: Record<string, string>; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response_headers: JSON.stringify(answer.headers), response_body: answer.body })
    .where('id', '=', id)
    .where('status_code', 'is', null)
    .execute();
}

/** Gives an unfinished claim up (its request failed on our side), so a retry with the key runs again. */
export async function releaseIdempotencyKey(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('id', '=', id).where('status_code', 'is', null).execute();
}

/** Deletes up to `limit` expired rows (the table is cleaned a few rows at a time, on each claim). */
export async function deleteExpiredIdempotencyKeys(db: Executor, now: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (eb) => eb.selectFrom('idempotency_keys').select('id').where('expires_at', '<=', now).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
