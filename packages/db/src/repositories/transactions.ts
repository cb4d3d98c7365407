import { sql, type Insertable, type Updateable } from 'kysely';
import type { TransactionsTable, TransactionStatus } from '../schema.ts';
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

/** A window of a customer's payments as they see them, newest first, with how much of each the succeeded refunds returned. */
export function listCustomerTransactionRows(db: Executor, userId: string, page: { limit: number; offset: number }) {
  return db
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
    .orderBy('t.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many payments the customer has. */
export async function countCustomerTransactions(db: Executor, userId: string): Promise<number> {
  const { total } = await db.selectFrom('transactions').select((eb) => eb.fn.countAll<string>().as('total')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(total);
}

/** What a payment e-mail says about a transaction. */
export function findTransactionForEmail(db: Executor, id: string) {
  return db.selectFrom('transactions').select(['user_id', 'amount_cents', 'currency', 'description', 'transaction_date', 'stripe_receipt_url']).where('id', '=', id).executeTakeFirst();
}

/** A payment with what refunding it needs, locked until the transaction ends. */
export function lockTransactionForRefund(trx: Executor, id: string) {
  return trx
    .selectFrom('transactions')
    .select(['id', 'user_id', 'subscription_id', 'amount_cents', 'refunded_cents', 'status', 'currency', 'stripe_payment_intent_id', 'stripe_charge_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A payment's amount, what was refunded of it and its status (locked when asked); throws when it is missing. */
export function findTransactionAmounts(db: Executor, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('transactions').select(['refunded_cents', 'amount_cents', 'status']).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function updateTransactionRow(db: Executor, id: string, changes: Updateable<TransactionsTable>): Promise<void> {
  await db.updateTable('transactions').set(changes).where('id', '=', id).execute();
}

export async function insertTransaction(db: Executor, values: Insertable<TransactionsTable>): Promise<string> {
  return (await db.insertInto('transactions').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The provider reference a payment is known by (unique per payment). */
export type PaymentReferenceColumn = 'stripe_invoice_id' | 'stripe_payment_intent_id';

/** The status of the payment with this provider reference, locked; undefined when there is none yet. */
export async function lockTransactionStatusByReference(trx: Executor, column: PaymentReferenceColumn, value: string): Promise<TransactionStatus | undefined> {
  return (await trx.selectFrom('transactions').select('status').where(column, '=', value).forUpdate().executeTakeFirst())?.status;
}

/** The id of the payment with this provider reference; throws when there is none. */
export async function findTransactionIdByReference(db: Executor, column: PaymentReferenceColumn, value: string): Promise<string> {
  return (await db.selectFrom('transactions').select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;
}

/**
 * Inserts a payment, or updates the one with the same provider reference (a failed invoice paid later
 * is the same payment). A refunded payment keeps its status and amount; the provider ids, receipt,
 * subscription and plan are kept when the new report lacks them. Answers the payment's id.
 */
export async function upsertTransactionByReference(db: Executor, column: PaymentReferenceColumn, values: Insertable<TransactionsTable>): Promise<string> {
  const saved = await db
    .insertInto('transactions')
    .values(values)
    .onConflict((oc) =>
      oc.column(column).doUpdateSet((eb) => ({
        // A repeated success keeps what refunds made of it.
        status: sql<TransactionStatus>`case when transactions.status in ('refunded', 'partially_refunded') then transactions.status else excluded.status end`,
        amount_cents: sql<number>`case when transactions.status in ('refunded', 'partially_refunded') then transactions.amount_cents else excluded.amount_cents end`,
        stripe_receipt_url: sql<string | null>`coalesce(excluded.stripe_receipt_url, transactions.stripe_receipt_url)`,
        stripe_payment_intent_id: sql<string | null>`coalesce(excluded.stripe_payment_intent_id, transactions.stripe_payment_intent_id)`,
        stripe_charge_id: sql<string | null>`coalesce(excluded.stripe_charge_id, transactions.stripe_charge_id)`,
        subscription_id: sql<string | null>`coalesce(excluded.subscription_id, transactions.subscription_id)`,
        plan_id: sql<string | null>`coalesce(excluded.plan_id, transactions.plan_id)`,
        transaction_date: eb.ref('excluded.transaction_date'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** Gives the user's payments of no subscription dated since `since` to this subscription and plan. */
export async function attachUnassignedTransactions(db: Executor, userId: string, owner: { subscriptionId: string; planId: string }, since: Date): Promise<void> {
  await db
    .updateTable('transactions')
    .set({ subscription_id: owner.subscriptionId, plan_id: owner.planId })
    .where('user_id', '=', userId)
    .where('subscription_id', 'is', null)
    .where('transaction_date', '>=', since)
    .execute();
}

/** The payment a provider reference names (its PaymentIntent, else its charge), locked; undefined when neither is given or known. */
export async function lockTransactionByProviderReference(trx: Executor, paymentIntentId: string | null, chargeId: string | null) {
  if (!paymentIntentId && !chargeId) return undefined;
  return trx
    .selectFrom('transactions')
    .select(['id', 'amount_cents', 'refunded_cents'])
    .where((eb) =>
      eb.or([
        ...(paymentIntentId ? [eb('stripe_payment_intent_id', '=', paymentIntentId)] : []),
        ...(chargeId ? [eb('stripe_charge_id', '=', chargeId)] : []),
      ]),
    )
    .forUpdate()
    .executeTakeFirst();
}

/** What the subscription's payments still hold after refunds, in cents (0 when every payment was refunded in full, or none was made). */
export async function sumSubscriptionUnrefundedCents(db: Executor, subscriptionId: string): Promise<{ paidCents: number; unrefundedCents: number }> {
  const row = await db
    .selectFrom('transactions')
    .select([sql<string>`coalesce(sum(amount_cents), 0)`.as('paid'), sql<string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('left')])
    .where('subscription_id', '=', subscriptionId)
    .where('status', 'in', ['succeeded', 'partially_refunded', 'refunded'])
    .executeTakeFirstOrThrow();
  return { paidCents: Number(row.paid), unrefundedCents: Number(row.left) };
}
