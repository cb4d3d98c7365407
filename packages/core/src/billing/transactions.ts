import { countCustomerTransactions, listCustomerTransactionRows, type Executor } from '@reelsmith/db';
import { answeredPaymentStatus, type OptionalPageQuery, type Paged, type Transaction } from '@reelsmith/shared';
import { listOrPage, type RowWindow } from '../list-or-page.ts';

/** GET /api/transactions: the latest 200 payments, or one page of them all in the same order when the query asks for paging. */
export function listTransactionsOrPage(db: Executor, userId: string, query: OptionalPageQuery): Promise<Transaction[] | Paged<Transaction>> {
  return listOrPage(query, {
    all: () => listTransactions(db, userId),
    window: (window) => listTransactions(db, userId, window),
    count: () => countCustomerTransactions(db, userId),
  });
}

/** The customer's payments, newest first (the latest 200 unless a window is given). */
export async function listTransactions(db: Executor, userId: string, window: RowWindow = { limit: 200, offset: 0 }): Promise<Transaction[]> {
  const rows = await listCustomerTransactionRows(db, userId, window);
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
