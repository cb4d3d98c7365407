import type { Executor } from '@reelsmith/db';
import type { Transaction } from '@reelsmith/shared';

/** The customer's payments, newest first. */
export async function listTransactions(db: Executor, userId: string): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('plans as p', 'p.id', 't.plan_id')
    .select(['t.id', 't.transaction_date', 'p.name as plan_name', 't.amount_cents', 't.refunded_cents', 't.currency', 't.status', 't.stripe_receipt_url'])
    .where('t.user_id', '=', userId)
    .orderBy('t.transaction_date', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    transactionDate: r.transaction_date,
    planName: r.plan_name,
    amount: r.amount_cents / 100,
    currency: r.currency.toUpperCase(),
    paymentStatus: r.status,
    refundedAmount: r.refunded_cents / 100,
    stripeReceiptUrl: r.stripe_receipt_url,
  }));
}
