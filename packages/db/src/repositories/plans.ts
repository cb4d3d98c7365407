import type { Insertable } from 'kysely';
import type { PlansTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** Inserts a plan, or refreshes the one with its code (its Stripe price id is kept). */
export async function upsertPlanByCode(db: Executor, row: Insertable<PlansTable>): Promise<void> {
  const { stripe_price_id: _keep, code: _code, ...update } = row;
  await db.insertInto('plans').values(row).onConflict((oc) => oc.column('code').doUpdateSet(update)).execute();
}

/** The active monthly and yearly plans, in catalogue order (the back-office plan table). */
export function listActiveRecurringPlans(db: Executor) {
  return db
    .selectFrom('plans')
    .select(['id', 'name', 'price_cents', 'billing_interval'])
    .where('is_active', '=', true)
    .where('billing_interval', 'in', ['monthly', 'yearly'])
    .orderBy('sort_order')
    .orderBy('billing_interval')
    .orderBy('price_cents')
    .execute();
}
