import type { Insertable } from 'kysely';
import type { CheckoutSessionsTable } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertCheckoutSession(db: Executor, values: Insertable<CheckoutSessionsTable>): Promise<void> {
  await db.insertInto('checkout_sessions').values(values).execute();
}

export function findCheckoutSession(db: Executor, id: string) {
  return db.selectFrom('checkout_sessions').select(['id', 'user_id', 'status', 'provider']).where('id', '=', id).executeTakeFirst();
}

/** A checkout session, locked until the transaction ends (its completion is applied once). */
export function lockCheckoutSession(trx: Executor, id: string) {
  return trx.selectFrom('checkout_sessions').select(['id', 'user_id', 'plan_id', 'status', 'mode']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function completeCheckoutSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('checkout_sessions').set({ status: 'complete', completed_at: at }).where('id', '=', id).execute();
}

/** Expires the session if it is still open; answers whether it was. */
export async function expireOpenCheckoutSession(db: Executor, id: string): Promise<boolean> {
  const row = await db.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'open').returning('id').executeTakeFirst();
  return Boolean(row);
}

/** Cancels the user's session if it is still open. */
export async function cancelOpenCheckoutSession(db: Executor, id: string, userId: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ status: 'cancelled' }).where('id', '=', id).where('user_id', '=', userId).where('status', '=', 'open').execute();
}

/** A local test checkout with its plan and customer, as its page shows it. */
export function findLocalCheckoutView(db: Executor, id: string) {
  return db
    .selectFrom('checkout_sessions as c')
    .innerJoin('plans as p', 'p.id', 'c.plan_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.status', 'p.name', 'p.billing_interval', 'c.amount_cents', 'c.currency', 'u.email', 'c.plan_id'])
    .where('c.id', '=', id)
    .where('c.provider', '=', 'local')
    .executeTakeFirst();
}

/** A checkout session with what paying it records: its amount, mode and plan. */
export function findCheckoutWithPlan(db: Executor, id: string) {
  return db
    .selectFrom('checkout_sessions as c')
    .innerJoin('plans as p', 'p.id', 'c.plan_id')
    .select(['c.id', 'c.user_id', 'c.plan_id', 'c.amount_cents', 'c.currency', 'c.mode', 'p.billing_interval', 'p.name'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}
