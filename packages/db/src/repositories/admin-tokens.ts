import type { Insertable } from 'kysely';
import type { AdminTokensTable } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertAdminToken(db: Executor, values: Insertable<AdminTokensTable>): Promise<void> {
  await db.insertInto('admin_tokens').values(values).execute();
}

export async function revokeAdminToken(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('admin_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** The token for a hash with its admin, whatever its state; callers decide what is live. */
export function findAdminTokenWithAdmin(db: Executor, tokenHash: string) {
  return db
    .selectFrom('admin_tokens as t')
    .innerJoin('admins as a', 'a.id', 't.admin_id')
    .select(['t.id as tokenId', 't.expires_at', 't.revoked_at', 'a.id', 'a.email', 'a.role', 'a.is_active'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
