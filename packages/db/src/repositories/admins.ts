import type { Insertable, Updateable } from 'kysely';
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

const adminListColumns = ['id', 'email', 'first_name', 'last_name', 'role', 'is_active', 'is_main', 'created_at'] as const;

/** An admin by (lower-cased) e-mail with what signing in checks: the password hash, failures and lock. */
export function findAdminForLogin(db: Executor, email: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'is_active', 'failed_login_attempts', 'locked_until'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** What an admin's own profile shows. */
export function findAdminProfile(db: Executor, id: string) {
  return db.selectFrom('admins').select(['id', 'email', 'first_name', 'last_name', 'role', 'is_active']).where('id', '=', id).executeTakeFirst();
}

export async function updateAdminRow(db: Executor, id: string, changes: Updateable<AdminsTable>): Promise<void> {
  await db.updateTable('admins').set(changes).where('id', '=', id).execute();
}

/** Every admin account, the main admin first, then oldest first. */
export function listAdminRows(db: Executor) {
  return db.selectFrom('admins').select(adminListColumns).orderBy('is_main', 'desc').orderBy('created_at').execute();
}

/** Inserts an admin unless the e-mail is taken; answers the new row or undefined. */
export function insertAdminUnlessEmailTaken(db: Executor, values: Insertable<AdminsTable>) {
  return db.insertInto('admins').values(values).onConflict((oc) => oc.column('email').doNothing()).returning(adminListColumns).executeTakeFirst();
}

/** Who an admin account is (to decide whether it may be deleted, and to audit it). */
export function findAdminIdentity(db: Executor, id: string) {
  return db.selectFrom('admins').select(['id', 'email', 'role', 'is_main']).where('id', '=', id).executeTakeFirst();
}

/** Deletes an admin account (its tokens go with it). */
export async function deleteAdminRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('admins').where('id', '=', id).execute();
}
