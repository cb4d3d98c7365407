import type { Selectable, Transaction } from 'kysely';
import type { ApiKeysTable, Database } from '../schema.ts';
import type { Executor, UserRow } from './users.ts';

/** A key as its owner sees it: never its hash. */
export type ApiKeyRow = Pick<Selectable<ApiKeysTable>, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>;

const listedColumns = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

export interface NewApiKey {
  userId: string;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: Date;
}

/**
 * Serialises key creation of one customer until the caller's transaction ends (the customer's row,
 * FOR UPDATE), so the active-key limit counted after it holds under parallel creates.
 */
export async function lockUserForApiKeys(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function countActiveApiKeys(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('keys'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.keys);
}

export function insertApiKey(db: Executor, key: NewApiKey): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ user_id: key.userId, name: key.name, prefix: key.prefix, key_hash: key.keyHash, created_at: key.createdAt })
    .returning(listedColumns)
    .executeTakeFirstOrThrow();
}

/** A customer's keys that are not revoked, newest first. */
export function listActiveApiKeys(db: Executor, userId: string, page?: { limit: number; offset: number }): Promise<ApiKeyRow[]> {
  let query = db
    .selectFrom('api_keys')
    .select(listedColumns)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/**
 * Revokes one of the customer's keys; a key already revoked keeps its first revocation time.
 * False when the customer holds no key with that id.
 */
export async function markApiKeyRevoked(db: Executor, userId: string, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface FoundApiKey {
  key: Pick<Selectable<ApiKeysTable>, 'id' | 'user_id' | 'last_used_at' | 'revoked_at'>;
  user: UserRow;
}

/** The key for a hash with its customer, whatever its state; callers decide what is live. */
export async function findApiKeyByHash(db: Executor, keyHash: string): Promise<FoundApiKey | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'k.id', 'k.user_id', 'k.last_used_at', 'k.revoked_at',
      'u.email', 'u.first_name', 'u.last_name', 'u.profile_image_url', 'u.is_active', 'u.created_at', 'u.google_sub',
    ])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    key: { id: row.id, user_id: row.user_id, last_used_at: row.last_used_at, revoked_at: row.revoked_at },
    user: {
      id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name,
      profile_image_url: row.profile_image_url, is_active: row.is_active, created_at: row.created_at,
      google_sub: row.google_sub,
    },
  };
}

export async function touchApiKey(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
