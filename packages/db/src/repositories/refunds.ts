import { sql, type Insertable, type Updateable } from 'kysely';
import type { RefundsTable } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertRefund(db: Executor, values: Insertable<RefundsTable>): Promise<string> {
  return (await db.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRefundRow(db: Executor, id: string, changes: Updateable<RefundsTable>): Promise<void> {
  await db.updateTable('refunds').set(changes).where('id', '=', id).execute();
}

/** A refund's status and provider id, locked until the transaction ends; throws when it is missing. */
export function lockRefund(trx: Executor, id: string) {
  return trx.selectFrom('refunds').select(['status', 'stripe_refund_id']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** Whether a refund other than `exceptId` already holds this provider refund id. */
export async function isProviderRefundRecordedElsewhere(db: Executor, stripeRefundId: string, exceptId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('refunds').select('id').where('stripe_refund_id', '=', stripeRefundId).where('id', '!=', exceptId).executeTakeFirst());
}

/**
 * The payment's refund row for a provider refund, locked: the one with its provider id, else the one
 * with our id `localId` (a back-office refund the provider reports before our call recorded its id).
 */
export function lockRefundForProviderRefund(trx: Executor, transactionId: string, stripeRefundId: string, localId: string | null) {
  return trx
    .selectFrom('refunds')
    .select(['id', 'status', 'stripe_refund_id'])
    .where('transaction_id', '=', transactionId)
    .where((eb) => eb.or([eb('stripe_refund_id', '=', stripeRefundId), ...(localId ? [eb('id', '=', localId)] : [])]))
    .orderBy(sql`stripe_refund_id is not null`, 'desc')
    .forUpdate()
    .executeTakeFirst();
}

/** What the payment's refunds add up to, failed ones left out (a pending one stays reserved). */
export async function sumCountedRefundCents(db: Executor, transactionId: string): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}
