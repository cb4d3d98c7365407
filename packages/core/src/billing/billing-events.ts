import { sql } from 'kysely';
import type { Executor, TransactionStatus } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import { userIdForStripeCustomer } from './stripe-ids.ts';

/** A payment as a provider reports it. */
export interface PaymentRecord {
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'pending' | 'canceled';
  description: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  receiptUrl: string | null;
  paidAt: Date;
}

/** A subscription as the provider holds it now (read back from it, not taken from a possibly stale event). */
export interface SubscriptionState {
  status: 'active' | 'trialing' | 'past_due' | 'pending' | 'expired';
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The provider's price the subscription bills now, when known: the plan follows it. */
  priceId?: string | null;
}

/** What a payment provider says happened, in our terms. */
export type BillingEvent =
  | {
      type: 'checkout.completed';
      checkoutSessionId: string;
      userId: string;
      planId: string;
      customerId: string | null;
      externalSubscriptionId: string | null;
      periodStart: Date;
      periodEnd: Date | null;
      /** The first payment, when the provider reports it with the checkout. */
      payment: PaymentRecord | null;
    }
  | {
      type: 'payment.succeeded' | 'payment.failed';
      customerId: string | null;
      externalSubscriptionId: string | null;
      payment: PaymentRecord;
      /** The subscription as the provider holds it now; null for a payment of no subscription. */
      subscription: SubscriptionState | null;
      renewal: boolean;
    }
  | ({ type: 'subscription.updated'; externalSubscriptionId: string } & SubscriptionState)
  /** A delayed payment (a bank debit) of a completed checkout failed: nothing was bought. */
  | { type: 'checkout.failed'; checkoutSessionId: string }
  | { type: 'subscription.deleted'; externalSubscriptionId: string; endedAt: Date }
  | { type: 'subscription.pending_update_expired'; externalSubscriptionId: string; openInvoiceId: string | null }
  | { type: 'refunds.changed'; paymentIntentId: string | null; chargeId: string | null; receiptUrl: string | null; refunds: ProviderRefund[] };

/** One refund of a payment as the provider holds it now. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
  /** The back-office refund it was made for (our id in the provider's metadata); null for the provider's own. */
  localRefundId: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records an event id; false when it was already applied (a replay). */
export async function claimEvent(trx: Executor, id: string, provider: 'stripe' | 'local', type: string): Promise<boolean> {
  const row = await trx
    .insertInto('payment_events')
    .values({ id, provider, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

async function upsertPayment(
  trx: Executor,
  owner: { userId: string; subscriptionId: string | null; planId: string | null },
  payment: PaymentRecord,
  checkoutSessionId: string | null,
): Promise<PaymentNotice | null> {
  const values = {
    user_id: owner.userId,
    subscription_id: owner.subscriptionId,
    plan_id: owner.planId,
    amount_cents: payment.amountCents,
    currency: payment.currency.toLowerCase(),
    status: payment.status,
    description: payment.description,
    stripe_checkout_session_id: checkoutSessionId,
    stripe_invoice_id: payment.invoiceId,
    stripe_payment_intent_id: payment.paymentIntentId,
    stripe_charge_id: payment.chargeId,
    stripe_receipt_url: payment.receiptUrl,
    transaction_date: payment.paidAt,
  };
  const conflictColumn = payment.invoiceId ? 'stripe_invoice_id' : payment.paymentIntentId ? 'stripe_payment_intent_id' : null;
  if (!conflictColumn) {
    const inserted = await trx.insertInto('transactions').values(values).returning('id').executeTakeFirstOrThrow();
    return paymentNotice(inserted.id, undefined, payment.status);
  }
  const conflictValue = conflictColumn === 'stripe_invoice_id' ? payment.invoiceId : payment.paymentIntentId;
  const before = await trx.selectFrom('transactions').select('status').where(conflictColumn, '=', conflictValue).forUpdate().executeTakeFirst();
  // A late or repeated failure of a payment that has since succeeded (or been refunded) changes nothing.
  if (before && settledStatuses.includes(before.status) && payment.status !== 'succeeded') {
    const kept = await trx.selectFrom('transactions').select('id').where(conflictColumn, '=', conflictValue).executeTakeFirstOrThrow();
    return paymentNotice(kept.id, before.status, payment.status);
  }
  // A failed invoice that is paid later is the same transaction, updated.
  const saved = await trx
    .insertInto('transactions')
    .values(values)
    .onConflict((oc) =>
      oc.column(conflictColumn).doUpdateSet((eb) => ({
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
  return paymentNotice(saved.id, before?.status, payment.status);
}

/** A payment in one of these states has taken the money: it never goes back to failed. */
const settledStatuses: string[] = ['succeeded', 'refunded', 'partially_refunded'];

/** A payment whose outcome the customer hears about by e-mail (a receipt, or a failure notice). */
export interface PaymentNotice {
  transactionId: string;
  status: 'succeeded' | 'failed';
}

// Only a payment newly reaching succeeded or failed is news: replays and refunds are not.
function paymentNotice(transactionId: string, before: string | undefined, now: PaymentRecord['status']): PaymentNotice | null {
  if (now !== 'succeeded' && now !== 'failed') return null;
  if (before !== undefined && !['pending', 'failed', 'canceled'].includes(before)) return null;
  return before === now ? null : { transactionId, status: now };
}

async function subscriptionByExternalId(trx: Executor, externalId: string | null) {
  if (!externalId) return undefined;
  return trx
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'plan_id', 'status', 'end_date'])
    .where('stripe_subscription_id', '=', externalId)
    .executeTakeFirst();
}

/** Our status for a provider's subscription state: a subscription set to end at the period end is cancelled. */
function statusFor(state: SubscriptionState): 'active' | 'trialing' | 'past_due' | 'pending' | 'expired' | 'cancelled' {
  return (state.status === 'active' || state.status === 'trialing') && state.cancelAtPeriodEnd ? 'cancelled' : state.status;
}

async function applySubscriptionState(
  trx: Executor,
  sub: { id: string; status: string },
  state: SubscriptionState,
  now: Date,
  renewal: { periodStart: Date | null } | null,
): Promise<void> {
  // A subscription we replaced or ended stays ended, whatever a late event says.
  if (sub.status === 'expired') return;
  const status = statusFor(state);
  // A plan change applied at the provider (a pending upgrade paid on a retry, a Dashboard edit) is followed.
  const planId = state.priceId ? await planForPrice(trx, state.priceId) : undefined;
  await trx
    .updateTable('subscriptions')
    .set({
      status,
      cancel_at_period_end: state.cancelAtPeriodEnd,
      ...(status === 'cancelled' && sub.status !== 'cancelled' ? { cancelled_at: now } : {}),
      ...(state.periodEnd ? { end_date: state.periodEnd } : {}),
      ...(renewal ? { documents_used: 0, ...(renewal.periodStart ? { start_date: renewal.periodStart } : {}) } : {}),
      ...(planId ? { plan_id: planId } : {}),
    })
    .where('id', '=', sub.id)
    .execute();
}

/** Our plan for a provider price id (kept per account and mode, or on the plan itself). */
async function planForPrice(trx: Executor, priceId: string): Promise<string | undefined> {
  const kept = await trx.selectFrom('stripe_ids').select('local_key').where('kind', '=', 'price').where('stripe_id', '=', priceId).executeTakeFirst();
  if (kept) return kept.local_key.split(':')[0];
  return (await trx.selectFrom('plans').select('id').where('stripe_price_id', '=', priceId).executeTakeFirst())?.id;
}

/** What the caller must do at the provider once the transaction has committed. */
export interface BillingEffects {
  /** Provider subscriptions replaced by another one: cancel them now so they stop billing. */
  cancelAtProvider: string[];
  /** Open provider invoices that must never be paid (an expired upgrade's): void them. */
  voidInvoices: string[];
}

/** An event that is not about anything of ours (another product or environment on the same Stripe account). */
export const NOT_OURS = 'not-ours' as const;

/**
 * Applies one provider event to our subscriptions and transactions. Safe to apply twice, late, or out
 * of order. Answers the payment the customer should be told about, for the caller to mail once the
 * transaction commits, or NOT_OURS.
 */
export async function applyBillingEvent(trx: Executor, event: BillingEvent, now: Date, effects?: BillingEffects): Promise<PaymentNotice | null | typeof NOT_OURS> {
  switch (event.type) {
    case 'checkout.completed': {
      const session = await trx
        .selectFrom('checkout_sessions')
        .select(['id', 'user_id', 'plan_id', 'status', 'mode'])
        .where('id', '=', event.checkoutSessionId)
        .forUpdate()
        .executeTakeFirst();
      if (!session) return NOT_OURS;
      if (session.user_id !== event.userId || session.plan_id !== event.planId) {
        throw new AppError('BAD_REQUEST', 'Checkout session does not match its customer or plan');
      }
      if (session.status === 'complete') return null;
      // The new plan replaces whatever was live (the Free plan, or an earlier paid plan).
      const replaced = await trx
        .updateTable('subscriptions')
        // Never before its start: the provider's clock may run ahead of ours.
        .set({ status: 'expired', end_date: sql<Date>`greatest(${now}::timestamptz, start_date)`, cancel_at_period_end: false })
        .where('user_id', '=', event.userId)
        .where('status', 'in', ['active', 'trialing', 'pending', 'past_due'])
        .returning('stripe_subscription_id')
        .execute();
      // A provider subscription we no longer honour must stop billing (two checkouts paid in two tabs).
      for (const row of replaced) {
        if (row.stripe_subscription_id && row.stripe_subscription_id !== event.externalSubscriptionId) effects?.cancelAtProvider.push(row.stripe_subscription_id);
      }
      const subscription = await trx
        .insertInto('subscriptions')
        .values({
          user_id: event.userId,
          plan_id: event.planId,
          status: 'active',
          start_date: event.periodStart,
          end_date: event.periodEnd,
          stripe_subscription_id: event.externalSubscriptionId,
          stripe_checkout_session_id: event.checkoutSessionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (event.customerId) {
        await trx.updateTable('users').set({ stripe_customer_id: event.customerId }).where('id', '=', event.userId).where('stripe_customer_id', 'is', null).execute();
      }
      let notice: PaymentNotice | null = null;
      if (event.payment) {
        notice = await upsertPayment(trx, { userId: event.userId, subscriptionId: subscription.id, planId: event.planId }, event.payment, event.checkoutSessionId);
      }
      // A first invoice reported before the checkout itself belongs to this subscription.
      if (event.externalSubscriptionId || event.customerId) {
        await trx
          .updateTable('transactions')
          .set({ subscription_id: subscription.id, plan_id: event.planId })
          .where('user_id', '=', event.userId)
          .where('subscription_id', 'is', null)
          .where('transaction_date', '>=', new Date(event.periodStart.getTime() - 24 * 3600_000))
          .execute();
      }
      await trx.updateTable('checkout_sessions').set({ status: 'complete', completed_at: now }).where('id', '=', session.id).execute();
      return notice;
    }
    case 'checkout.failed': {
      const updated = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'expired' })
        .where('id', '=', event.checkoutSessionId)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      if (updated) return null;
      const known = await trx.selectFrom('checkout_sessions').select('id').where('id', '=', event.checkoutSessionId).executeTakeFirst();
      return known ? null : NOT_OURS;
    }
    case 'payment.succeeded':
    case 'payment.failed': {
      const sub = await subscriptionByExternalId(trx, event.externalSubscriptionId);
      let userId = sub?.user_id;
      if (!userId && event.customerId) {
        userId = await userIdForStripeCustomer(trx, event.customerId);
      }
      if (!userId) return NOT_OURS;
      const notice = await upsertPayment(trx, { userId, subscriptionId: sub?.id ?? null, planId: sub?.plan_id ?? null }, event.payment, null);
      if (!sub) return notice;
      // A renewal starts a new period of use once, when its payment first succeeds.
      const renewed = event.type === 'payment.succeeded' && event.renewal && notice?.status === 'succeeded';
      if (event.subscription) {
        // The provider's current state decides, so a late failure cannot undo a later payment.
        await applySubscriptionState(trx, sub, event.subscription, now, renewed ? { periodStart: event.subscription.periodStart } : null);
        return notice;
      }
      if (event.type === 'payment.failed') return notice;
      await trx
        .updateTable('subscriptions')
        .set({ status: sub.status === 'cancelled' ? 'cancelled' : 'active', ...(renewed ? { documents_used: 0 } : {}) })
        .where('id', '=', sub.id)
        .where('status', '!=', 'expired')
        .execute();
      return notice;
    }
    case 'subscription.updated': {
      const sub = await subscriptionByExternalId(trx, event.externalSubscriptionId);
      if (!sub) return NOT_OURS;
      await applySubscriptionState(trx, sub, event, now, null);
      return null;
    }
    case 'subscription.deleted': {
      const updated = await trx
        .updateTable('subscriptions')
        // Never before the start: a subscription cancelled at once ends where it began.
        .set({ status: 'expired', end_date: sql<Date>`greatest(${event.endedAt}::timestamptz, start_date)` })
        .where('stripe_subscription_id', '=', event.externalSubscriptionId)
        .returning('id')
        .execute();
      return updated.length > 0 ? null : NOT_OURS;
    }
    case 'subscription.pending_update_expired': {
      // A declined upgrade Stripe no longer applies: its invoice would still be retried and, if paid,
      // charge the customer for a plan they never get. Void it (after the commit, at the provider).
      const sub = await subscriptionByExternalId(trx, event.externalSubscriptionId);
      if (!sub) return NOT_OURS;
      if (event.openInvoiceId) effects?.voidInvoices.push(event.openInvoiceId);
      return null;
    }
    case 'refunds.changed': {
      const tx = await paymentByReference(trx, event.paymentIntentId, event.chargeId);
      if (!tx) return NOT_OURS;
      for (const refund of event.refunds) await recordProviderRefund(trx, tx.id, refund);
      // What the payment has refunded: every refund not failed (a pending one stays reserved).
      const counted = await trx
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('transaction_id', '=', tx.id)
        .where('status', '!=', 'failed')
        .executeTakeFirstOrThrow();
      const refunded = Math.min(tx.amount_cents, Number(counted.cents));
      await trx
        .updateTable('transactions')
        .set({
          refunded_cents: refunded,
          status: refunded >= tx.amount_cents ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'succeeded',
          ...(event.chargeId ? { stripe_charge_id: event.chargeId } : {}),
        })
        .where('id', '=', tx.id)
        .execute();
      return null;
    }
  }
}

/**
 * Brings one of the payment's refund rows to the provider's word: found by the provider's id, else by
 * our id in its metadata (an event that outran the back-office call). A failed refund never comes back;
 * a refund made at the provider (the Dashboard) gets its own row, unless it failed.
 */
async function recordProviderRefund(trx: Executor, transactionId: string, refund: ProviderRefund): Promise<void> {
  const localId = refund.localRefundId && uuidPattern.test(refund.localRefundId) ? refund.localRefundId : null;
  const row = await trx
    .selectFrom('refunds')
    .select(['id', 'status', 'stripe_refund_id'])
    .where('transaction_id', '=', transactionId)
    .where((eb) => eb.or([eb('stripe_refund_id', '=', refund.id), ...(localId ? [eb('id', '=', localId)] : [])]))
    .orderBy(sql`stripe_refund_id is not null`, 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (row) {
    const status = row.status === 'failed' ? 'failed' : refund.status;
    await trx
      .updateTable('refunds')
      .set({ status, ...(row.stripe_refund_id ? {} : { stripe_refund_id: refund.id }) })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  if (refund.status === 'failed') return;
  await trx
    .insertInto('refunds')
    .values({ transaction_id: transactionId, amount_cents: refund.amountCents, status: refund.status, stripe_refund_id: refund.id, reason: 'Refunded at the payment provider' })
    .execute();
}

/** The payment a provider reference names (its PaymentIntent, else its charge), locked. */
async function paymentByReference(trx: Executor, paymentIntentId: string | null, chargeId: string | null) {
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
