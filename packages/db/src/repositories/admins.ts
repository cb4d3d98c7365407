import type { Insertable } from 'kysely';
import type { AdminsTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** The main admin's e-mail, or undefined before the first start made one. */
export async function findMainAdminEmail(db: Executor): Promise<string | undefined> {
  return (await db.selectFrom('admins').select(['email']).where('is_main', '=', true).executeTakeFirst())?.email;
}

/** Inserts an admin unless one conflicts (e-mail, or a second main admin); answers the new id or undefined. */
export async function insertAdminIfAbsent(db: Executor, values: Insertable<AdminsTable>): Promise<string | undefined> {
  return (await db.insertInto('admins').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst())?.id;
}
