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

/** All customers, and those created since `createdSince` (and before `createdBefore`, when given). */
export async function countUsers(db: Executor, createdSince: Date, createdBefore?: Date): Promise<{ total: number; createdSince: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn
        .countAll<string>()
        .filterWhere((w) => w.and([w('created_at', '>=', createdSince), ...(createdBefore ? [w('created_at', '<', createdBefore)] : [])]))
        .as('new'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), createdSince: Number(row.new) };
}

/**
 * Customers who signed up since `since`, how many of them have taken a paid subscription (a paid plan
 * that got past checkout, at any time up to now), and the median hours from sign-up to the first paid
 * subscription's start (null when nobody converted).
 */
export async function signupConversion(db: Executor, since: Date): Promise<{ signups: number; subscriptions: number; medianHours: number | null }> {
  const result = await sql<{ signups: string; subscriptions: string; median_hours: number | string | null }>`
    with cohort as (
      select u.id, u.created_at from users u where u.created_at >= ${since}
    ),
    converted as (
      select c.id, min(s.start_date) - c.created_at as wait
        from cohort c
        join subscriptions s on s.user_id = c.id
        join plans p on p.id = s.plan_id
       where p.billing_interval <> 'free' and s.status <> 'pending'
       group by c.id, c.created_at
    )
    select (select count(*) from cohort) as signups,
           (select count(*) from converted) as subscriptions,
           (select percentile_cont(0.5) within group (order by greatest(extract(epoch from wait), 0) / 3600.0) from converted) as median_hours`.execute(db);
  const row = result.rows[0]!;
  return { signups: Number(row.signups), subscriptions: Number(row.subscriptions), medianHours: row.median_hours === null ? null : Number(row.median_hours) };
}

export interface AdminUserFilter {
  userId?: string | undefined;
  /** ILIKE pattern on the e-mail, first name, last name or full name. */
  pattern?: string | undefined;
}

/** The columns the customer list sorts by; each maps to a fixed expression, never to text from the caller. */
export type AdminUserSortColumn = 'name' | 'email' | 'projects' | 'joined' | 'status';

/** Customers, newest first unless sorted otherwise, with their project count; and the total. */
export async function listAdminUserRows(
  db: Executor,
  filter: AdminUserFilter,
  page: { limit: number; offset: number },
  sort?: { column: AdminUserSortColumn; direction: 'asc' | 'desc' },
) {
  let base = db.selectFrom('users as u');
  if (filter.userId) base = base.where('u.id', '=', filter.userId);
  if (filter.pattern) {
    const pattern = filter.pattern;
    base = base.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb('u.first_name', 'ilike', pattern),
        eb('u.last_name', 'ilike', pattern),
        eb(sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', pattern),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        'u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.profile_image_url', 'u.is_active', 'u.created_at', 'u.last_login_at',
        eb.selectFrom('projects as p').select((e) => e.fn.countAll<string>().as('n')).whereRef('p.user_id', '=', 'u.id').as('project_count'),
      ])
      .$call((q) => {
        const direction = sort?.direction ?? 'desc';
        switch (sort?.column) {
          case 'name':
            return q.orderBy(sql`lower(concat_ws(' ', u.first_name, u.last_name))`, direction);
          case 'email':
            return q.orderBy('u.email', direction);
          case 'projects':
            return q.orderBy(sql`(select count(*) from projects p2 where p2.user_id = u.id)`, direction);
          case 'status':
            return q.orderBy('u.is_active', direction);
          default:
            return q.orderBy('u.created_at', direction);
        }
      })
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows: rows.map((r) => ({ ...r, project_count: Number(r.project_count ?? 0) })), total: Number(total) };
}

/** The Stripe customer id stored on the user (null when none); throws when there is no such user. */
export async function findUserStripeCustomerId(db: Executor, id: string): Promise<string | null> {
  return (await db.selectFrom('users').select(['stripe_customer_id']).where('id', '=', id).executeTakeFirstOrThrow()).stripe_customer_id;
}

export async function setUserStripeCustomerId(db: Executor, id: string, customerId: string): Promise<void> {
  await db.updateTable('users').set({ stripe_customer_id: customerId }).where('id', '=', id).execute();
}

/** Stores the user's Stripe customer id unless one is stored already. */
export async function setUserStripeCustomerIdIfUnset(db: Executor, id: string, customerId: string): Promise<void> {
  await db.updateTable('users').set({ stripe_customer_id: customerId }).where('id', '=', id).where('stripe_customer_id', 'is', null).execute();
}

/** The user whose stored Stripe customer id this is. */
export async function findUserIdByStripeCustomerId(db: Executor, customerId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('stripe_customer_id', '=', customerId).executeTakeFirst())?.id;
}
