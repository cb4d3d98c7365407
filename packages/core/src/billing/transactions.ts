import type { Executor } from '@reelsmith/db';
import type { Transaction } from '@reelsmith/shared';

/** The customer's payments, newest first. */
export async function listTransactions(db: Executor, userId: string): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('plans as p', 'p.id', 't.plan_id')
    .select(['t.id', 't.transaction_date', 'p.name as plan_name', 't.amount_cents', 't.refunded_cents', 't.currency', 't.status', 't.stripe_receipt_url'])
    // What the customer has actually got back: a refund still pending at the bank is not money returned yet.
    .select((eb) =>
      eb
        .selectFrom('refunds as r')
        .select((r) => r.fn.coalesce(r.fn.sum<number>('r.amount_cents'), r.lit(0)).as('settled'))
        .whereRef('r.transaction_id', '=', 't.id')
        .where('r.status', '=', 'succeeded')
        .as('settled_cents'),
    )
    .where('t.user_id', '=', userId)
    .orderBy('t.transaction_date', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => {
    const settled = Math.min(Number(r.settled_cents ?? 0), r.refunded_cents);
    const refundStates = ['refunded', 'partially_refunded'];
    const status = !refundStates.includes(r.status) ? r.status : settled <= 0 ? 'succeeded' : settled >= r.amount_cents ? 'refunded' : 'partially_refunded';
    return {
      id: r.id,
      transactionDate: r.transaction_date,
      planName: r.plan_name,
      amount: r.amount_cents / 100,
      currency: r.currency.toUpperCase(),
      paymentStatus: status,
      refundedAmount: settled / 100,
      stripeReceiptUrl: r.stripe_receipt_url,
    };
  });
}
