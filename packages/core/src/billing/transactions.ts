import { listCustomerTransactionRows, type Executor } from '@reelsmith/db';
import { answeredPaymentStatus, type Transaction } from '@reelsmith/shared';

/** The customer's payments, newest first. */
export async function listTransactions(db: Executor, userId: string): Promise<Transaction[]> {
  const rows = await listCustomerTransactionRows(db, userId, 200);
  return rows.map((r) => {
    // What the customer has actually got back: a refund still pending at the bank is not money returned yet.
    const settled = Math.min(Number(r.settled_cents ?? 0), r.refunded_cents);
    const refundStates = ['refunded', 'partially_refunded'];
    const status = !refundStates.includes(r.status) ? r.status : settled <= 0 ? 'succeeded' : settled >= r.amount_cents ? 'refunded' : 'partially_refunded';
    return {
      id: r.id,
      transactionDate: r.transaction_date,
      planName: r.plan_name,
      amount: r.amount_cents / 100,
      currency: r.currency.toUpperCase(),
      paymentStatus: answeredPaymentStatus(status),
      refundedAmount: settled / 100,
      stripeReceiptUrl: r.stripe_receipt_url,
    };
  });
}
