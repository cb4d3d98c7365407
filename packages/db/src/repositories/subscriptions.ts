import { sql, type Insertable, type Updateable } from 'kysely';
import type { SubscriptionsTable, SubscriptionStatus } from '../schema.ts';
import type { Executor } from './users.ts';

// Subscriptions (packages/core/src/billing decides what a checkout, a provider event, an admin's
// adjustment or a video does to them; these only read and write under the caller's locks).

/** Statuses of a subscription that is (or may still become) the customer's live one: listed before the others. */
const liveStatuses: SubscriptionStatus[] = ['active', 'trialing', 'pending', 'past_due', 'cancelled'];

/** The user's newest subscription that has counted a video, locked. */
export function lockSubscriptionWithUsage(trx: Executor, userId: string): Promise<{ id: string; documents_used: number } | undefined> {
  return trx.selectFrom('subscriptions').select(['id', 'documents_used']).where('user_id', '=', userId).where('documents_used', '>', 0).orderBy('created_at', 'desc').forUpdate().executeTakeFirst();
}

/** Locks all of the user's subscriptions until the transaction ends. */
export async function lockUserSubscriptions(trx: Executor, userId: string): Promise<void> {
  await trx.selectFrom('subscriptions').select('id').where('user_id', '=', userId).forUpdate().execute();
}

/** One more video counted on the subscription. */
export async function countVideoOnSubscription(trx: Executor, subscriptionId: string): Promise<void> {
  await trx.updateTable('subscriptions').set((eb) => ({ documents_used: eb('documents_used', '+', 1) })).where('id', '=', subscriptionId).execute();
}

/** One video fewer counted on the subscription (never below zero). */
export async function uncountVideo(trx: Executor, subscriptionId: string): Promise<void> {
  await trx.updateTable('subscriptions').set({ documents_used: sql`GREATEST(documents_used - 1, 0)` }).where('id', '=', subscriptionId).execute();
}

export async function insertSubscription(db: Executor, values: Insertable<SubscriptionsTable>): Promise<string> {
  return (await db.insertInto('subscriptions').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSubscriptionRow(db: Executor, id: string, changes: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** Updates the subscription unless it has expired (a subscription we replaced or ended stays ended). */
export async function updateSubscriptionUnlessExpired(db: Executor, id: string, changes: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).where('status', '!=', 'expired').execute();
}

/**
 * Updates the subscription an admin adjusts, adding `addBonusCredits` to the stored credits (when
 * given); answers its end, credits and plan as they are now.
 */
export function adjustSubscriptionRow(db: Executor, id: string, changes: Updateable<SubscriptionsTable>, options: { addBonusCredits?: number } = {}) {
  const { addBonusCredits } = options;
  return db
    .updateTable('subscriptions')
    .set((eb) => ({ ...changes, ...(addBonusCredits !== undefined ? { bonus_credits: eb('bonus_credits', '+', addBonusCredits) } : {}) }))
    .where('id', '=', id)
    .returning(['end_date', 'bonus_credits', 'plan_id'])
    .executeTakeFirstOrThrow();
}

/** A subscription with what an admin's adjustment decides on, locked when asked. */
export function findSubscriptionRow(db: Executor, id: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'plan_id', 'status', 'start_date', 'end_date', 'stripe_subscription_id', 'bonus_credits'])
    .where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The subscription the payment provider knows by this id; undefined without an id. */
export async function findSubscriptionByExternalId(db: Executor, externalId: string | null) {
  if (!externalId) return undefined;
  return db.selectFrom('subscriptions').select(['id', 'user_id', 'plan_id', 'status', 'end_date']).where('stripe_subscription_id', '=', externalId).executeTakeFirst();
}

/**
 * Ends the user's live subscriptions (active, trialing, pending, past due) at `at`, never before
 * their start (the provider's clock may run ahead of ours); answers their provider ids.
 */
export async function expireLiveSubscriptions(db: Executor, userId: string, at: Date): Promise<(string | null)[]> {
  const rows = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', end_date: sql<Date>`greatest(${at}::timestamptz, start_date)`, cancel_at_period_end: false })
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'trialing', 'pending', 'past_due'])
    .returning('stripe_subscription_id')
    .execute();
  return rows.map((r) => r.stripe_subscription_id);
}

/** Ends the subscription with this provider id at `endedAt`, never before its start; answers how many rows it ended. */
export async function expireSubscriptionByExternalId(db: Executor, externalId: string, endedAt: Date): Promise<number> {
  const rows = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', end_date: sql<Date>`greatest(${endedAt}::timestamptz, start_date)` })
    .where('stripe_subscription_id', '=', externalId)
    .returning('id')
    .execute();
  return rows.length;
}

/** The customer's live subscription with its plan, else their most recent one. */
export function findCurrentSubscriptionRow(db: Executor, userId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.id', 's.status', 's.start_date', 's.end_date', 's.cancel_at_period_end', 's.documents_used', 's.bonus_credits', 's.stripe_subscription_id',
      'p.id as plan_id', 'p.name', 'p.billing_interval', 'p.video_limit', 'p.allow_download', 'p.max_reel_seconds', 'p.allowed_qualities', 'p.watermark',
    ])
    .where('s.user_id', '=', userId)
    .orderBy((eb) => eb.case().when('s.status', 'in', liveStatuses).then(0).else(1).end())
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Each of these users' live subscription, else their latest, with its plan's name. */
export function listCurrentSubscriptionRows(db: Executor, userIds: string[]) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .distinctOn('s.user_id')
    .select(['s.user_id', 's.status', 's.end_date', 'p.name'])
    .where('s.user_id', 'in', userIds)
    .orderBy('s.user_id')
    .orderBy((eb) => eb.case().when('s.status', 'in', liveStatuses).then(0).else(1).end())
    .orderBy('s.created_at', 'desc')
    .execute();
}

/** Paid-plan subscriptions: all of them, and those active or trialing and not past their end at `now`. */
export async function countPaidSubscriptions(db: Executor, now: Date): Promise<{ total: number; active: number }> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn
        .countAll<string>()
        .filterWhere((f) => f.and([f('s.status', 'in', ['active', 'trialing']), f.or([f('s.end_date', 'is', null), f('s.end_date', '>', now)])]))
        .as('active'),
    ])
    .where('p.billing_interval', '!=', 'free')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active) };
}

function adminSubscriptionQuery(db: Executor) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.id', 's.user_id', 's.status', 's.start_date', 's.end_date', 's.bonus_credits', 's.created_at',
      'u.first_name', 'u.last_name', 'u.email',
      'p.id as plan_id', 'p.name as plan_name', 'p.billing_interval', 'p.price_cents', 'p.currency',
    ]);
}

/** A subscription joined with its customer and plan, as the back-office reads it. */
export type AdminSubscriptionRow = Awaited<ReturnType<ReturnType<typeof adminSubscriptionQuery>['executeTakeFirstOrThrow']>>;

export interface AdminSubscriptionFilter {
  /** ILIKE pattern on the customer's e-mail, first name, last name or full name. */
  pattern?: string | undefined;
  status?: SubscriptionStatus | undefined;
  /** Only subscriptions not past their end at this moment. */
  inForceAt?: Date | undefined;
  planId?: string | undefined;
}

/** The columns the subscription list sorts by; each maps to a fixed expression, never to text from the caller. */
export type AdminSubscriptionSortColumn = 'user' | 'plan' | 'status' | 'start' | 'end';

/** Paid-plan subscriptions, newest first unless sorted otherwise, and how many match. */
export async function listAdminSubscriptionRows(
  db: Executor,
  filter: AdminSubscriptionFilter,
  page: { limit: number; offset: number },
  sort?: { column: AdminSubscriptionSortColumn; direction: 'asc' | 'desc' },
) {
  let query = adminSubscriptionQuery(db).where('p.billing_interval', '!=', 'free');
  if (filter.pattern) {
    const like = filter.pattern;
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb('u.first_name', 'ilike', like),
        eb('u.last_name', 'ilike', like),
        eb(eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']), 'ilike', like),
      ]),
    );
  }
  if (filter.status) query = query.where('s.status', '=', filter.status);
  if (filter.inForceAt) {
    const at = filter.inForceAt;
    query = query.where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>', at)]));
  }
  if (filter.planId) query = query.where('p.id', '=', filter.planId);
  const [rows, count] = await Promise.all([
    query
      .$call((q) => {
        const direction = sort?.direction ?? 'desc';
        switch (sort?.column) {
          case 'user':
            return q.orderBy(sql`lower(u.email)`, direction);
          case 'plan':
            return q.orderBy('p.name', direction).orderBy('p.price_cents', direction);
          case 'status':
            return q.orderBy('s.status', direction);
          case 'start':
            return q.orderBy('s.start_date', direction);
          case 'end':
            // Open-ended subscriptions last either way.
            return q.orderBy(sql`s.end_date is null`).orderBy('s.end_date', direction);
          default:
            return q.orderBy('s.created_at', direction);
        }
      })
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A customer's current subscription for the back-office: a paid one before Free, a live one before others, then the newest. */
export function findCurrentAdminSubscriptionRow(db: Executor, userId: string): Promise<AdminSubscriptionRow | undefined> {
  return adminSubscriptionQuery(db)
    .where('s.user_id', '=', userId)
    .orderBy((eb) => eb.case().when('p.billing_interval', '=', 'free').then(1).else(0).end())
    .orderBy((eb) => eb.case().when('s.status', 'in', liveStatuses).then(0).else(1).end())
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One subscription with its customer and plan, as the back-office names it (e.g. in an audit entry). */
export function findAdminSubscriptionRow(db: Executor, id: string): Promise<AdminSubscriptionRow | undefined> {
  return adminSubscriptionQuery(db).where('s.id', '=', id).executeTakeFirst();
}
