import type { Executor } from '@reelsmith/db';
import type { AdminSubscription } from '@reelsmith/shared';
import { effectiveStatus } from '../../billing/entitlement-rules.ts';

/** The subscription joined with its customer and plan, as the back-office reads it. */
export function adminSubscriptionQuery(db: Executor) {
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

type Row = Awaited<ReturnType<ReturnType<typeof adminSubscriptionQuery>['executeTakeFirstOrThrow']>>;

/** A yearly plan is priced per month here (yearly price / 12): the screen shows it × 12 per year (spec §9). */
export function toAdminSubscription(row: Row, now: Date): AdminSubscription {
  const yearly = row.billing_interval === 'yearly';
  return {
    id: row.id,
    userId: row.user_id,
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email },
    plan: {
      id: row.plan_id,
      name: row.plan_name,
      planType: yearly ? 'yearly' : 'monthly',
      price: yearly ? Math.round(row.price_cents / 12) / 100 : row.price_cents / 100,
      currency: row.currency.toUpperCase(),
    },
    status: effectiveStatus(row.status, row.end_date, now),
    startDate: row.start_date,
    endDate: row.end_date,
    bonusCredits: row.bonus_credits,
  };
}
