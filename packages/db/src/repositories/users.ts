import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';

export type Executor = Kysely<Database> | Transaction<Database>;
export type UserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'first_name' | 'last_name' | 'profile_image_url' | 'is_active' | 'created_at' | 'google_sub'
>;

const userColumns = [
  'id', 'email', 'first_name', 'last_name', 'profile_image_url', 'is_active', 'created_at', 'google_sub',
] as const;

export interface IdentityInput {
  googleSub: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * Serialises sign-ins of one identity until the caller's transaction ends: two first sign-ins of
 * the same e-mail at once make one customer, not a unique-key failure.
 */
export async function lockIdentity(trx: Transaction<Database>, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`identity:${email.toLowerCase()}`}, 0))`.execute(trx);
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByGoogleSub(db: Executor, googleSub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('google_sub', '=', googleSub).executeTakeFirst();
}

export function insertUser(db: Executor, identity: IdentityInput): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      google_sub: identity.googleSub,
      email: identity.email.toLowerCase(),
      first_name: identity.firstName,
      last_name: identity.lastName,
      profile_image_url: identity.profileImageUrl,
      last_login_at: new Date(),
    })
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

/** Refreshes profile fields from the identity provider on each sign-in; keeps the stored ones when absent. */
export function updateUserIdentity(db: Executor, id: string, identity: IdentityInput): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      google_sub: identity.googleSub ?? eb.ref('google_sub'),
      email: identity.email.toLowerCase(),
      first_name: identity.firstName ?? eb.ref('first_name'),
      last_name: identity.lastName ?? eb.ref('last_name'),
      profile_image_url: identity.profileImageUrl ?? eb.ref('profile_image_url'),
      last_login_at: new Date(),
    }))
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

export async function setUserActive(db: Executor, id: string, isActive: boolean): Promise<UserRow | undefined> {
  return db.updateTable('users').set({ is_active: isActive }).where('id', '=', id).returning(userColumns).executeTakeFirst();
}

export async function dailyVideoCount(db: Executor, userId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('user_daily_usage')
    .select('videos')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.videos ?? 0;
}

/** Inserts a customer unless the e-mail is taken; answers the new id or undefined. */
export async function insertUserIfAbsent(db: Executor, values: { email: string; first_name: string | null; last_name: string | null }): Promise<string | undefined> {
  const row = await db
    .insertInto('users')
    .values({ ...values, google_sub: null, profile_image_url: null, stripe_customer_id: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
