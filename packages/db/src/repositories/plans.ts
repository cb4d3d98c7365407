import type { Insertable } from 'kysely';
import type { PlansTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** Inserts a plan, or refreshes the one with its code (its Stripe price id is kept). */
export async function upsertPlanByCode(db: Executor, row: Insertable<PlansTable>): Promise<void> {
  const { stripe_price_id: _keep, code: _code, ...update } = row;
  await db.insertInto('plans').values(row).onConflict((oc) => oc.column('code').doUpdateSet(update)).execute();
}
