import { sql } from 'kysely';
import type { Executor } from './users.ts';

// Payments (packages/core/src/billing decides what a provider event or a refund does to them).

/** All-time revenue in cents: succeeded payments (also those later refunded) minus what was refunded. */
export async function sumNetRevenueCents(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('transactions')
    .select(sql<string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('cents'))
    .where('status', 'in', ['succeeded', 'partially_refunded', 'refunded'])
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** A customer's payments with their plan's name, newest first (at most `limit`). */
export function listUserTransactionRows(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('plans as p', 'p.id', 't.plan_id')
    .select(['t.id', 't.subscription_id', 't.amount_cents', 't.refunded_cents', 't.currency', 't.description', 't.status', 't.transaction_date', 'p.name as plan_name'])
    .where('t.user_id', '=', userId)
    .orderBy('t.transaction_date', 'desc')
    .limit(limit)
    .execute();
}
