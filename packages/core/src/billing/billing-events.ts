import {
  attachUnassignedTransactions,
  completeCheckoutSession,
  expireLiveSubscriptions,
  expireOpenCheckoutSession,
  expireSubscriptionByExternalId,
  findCheckoutSession,
  findPlanIdByStripePrice,
  findStripeIdLocalKey,
  findSubscriptionByExternalId,
  findTransactionIdByReference,
  insertPaymentEventIfAbsent,
  insertRefund,
  insertSubscription,
  insertTransaction,
  lockCheckoutSession,
  lockRefundForProviderRefund,
  lockTransactionByProviderReference,
  lockTransactionStatusByReference,
  setUserStripeCustomerIdIfUnset,
  sumCountedRefundCents,
  updateRefundRow,
  updateSubscriptionRow,
  updateSubscriptionUnlessExpired,
  updateTransactionRow,
  upsertTransactionByReference,
  type Executor,
  type PaymentReferenceColumn,
} from '@reelsmith/db';
import { AppError, isUuid } from '@reelsmith/shared';
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


/** Records an event id; false when it was already applied (a replay). */
export async function claimEvent(trx: Executor, id: string, provider: 'stripe' | 'local', type: string): Promise<boolean> {
  return insertPaymentEventIfAbsent(trx, { id, provider, type });
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
  const reference: { column: PaymentReferenceColumn; value: string } | null = payment.invoiceId
    ? { column: 'stripe_invoice_id', value: payment.invoiceId }
    : payment.paymentIntentId
      ? { column: 'stripe_payment_intent_id', value: payment.paymentIntentId }
      : null;
  if (!reference) {
    const insertedId = await insertTransaction(trx, values);
    return paymentNotice(insertedId, undefined, payment.status);
  }
  const before = await lockTransactionStatusByReference(trx, reference.column, reference.value);
  // A late or repeated failure of a payment that has since succeeded (or been refunded) changes nothing.
  if (before && settledStatuses.includes(before) && payment.status !== 'succeeded') {
    const keptId = await findTransactionIdByReference(trx, reference.column, reference.value);
    return paymentNotice(keptId, before, payment.status);
  }
  // A failed invoice that is paid later is the same transaction, updated (a refunded one keeps its refunds).
  const savedId = await upsertTransactionByReference(trx, reference.column, values);
  return paymentNotice(savedId, before, payment.status);
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
  await updateSubscriptionRow(trx, sub.id, {
    status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    ...(status === 'cancelled' && sub.status !== 'cancelled' ? { cancelled_at: now } : {}),
    ...(state.periodEnd ? { end_date: state.periodEnd } : {}),
    ...(renewal ? { documents_used: 0, ...(renewal.periodStart ? { start_date: renewal.periodStart } : {}) } : {}),
    ...(planId ? { plan_id: planId } : {}),
  });
}

/** Our plan for a provider price id (kept per account and mode, or on the plan itself). */
async function planForPrice(trx: Executor, priceId: string): Promise<string | undefined> {
  const kept = await findStripeIdLocalKey(trx, 'price', priceId);
  if (kept !== undefined) return kept.split(':')[0];
  return findPlanIdByStripePrice(trx, priceId);
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
      const session = await lockCheckoutSession(trx, event.checkoutSessionId);
      if (!session) return NOT_OURS;
      if (session.user_id !== event.userId || session.plan_id !== event.planId) {
        throw new AppError('BAD_REQUEST', 'Checkout session does not match its customer or plan');
      }
      if (session.status === 'complete') return null;
      // The new plan replaces whatever was live (the Free plan, or an earlier paid plan).
      // Never before its start: the provider's clock may run ahead of ours.
      const replaced = await expireLiveSubscriptions(trx, event.userId, now);
      // A provider subscription we no longer honour must stop billing (two checkouts paid in two tabs).
      for (const externalId of replaced) {
        if (externalId && externalId !== event.externalSubscriptionId) effects?.cancelAtProvider.push(externalId);
      }
      const subscriptionId = await insertSubscription(trx, {
        user_id: event.userId,
        plan_id: event.planId,
        status: 'active',
        start_date: event.periodStart,
        end_date: event.periodEnd,
        stripe_subscription_id: event.externalSubscriptionId,
        stripe_checkout_session_id: event.checkoutSessionId,
      });
      if (event.customerId) await setUserStripeCustomerIdIfUnset(trx, event.userId, event.customerId);
      let notice: PaymentNotice | null = null;
      if (event.payment) {
        notice = await upsertPayment(trx, { userId: event.userId, subscriptionId, planId: event.planId }, event.payment, event.checkoutSessionId);
      }
      // A first invoice reported before the checkout itself belongs to this subscription.
      if (event.externalSubscriptionId || event.customerId) {
        await attachUnassignedTransactions(trx, event.userId, { subscriptionId, planId: event.planId }, new Date(event.periodStart.getTime() - 24 * 3600_000));
      }
      await completeCheckoutSession(trx, session.id, now);
      return notice;
    }
    case 'checkout.failed': {
      if (await expireOpenCheckoutSession(trx, event.checkoutSessionId)) return null;
      const known = await findCheckoutSession(trx, event.checkoutSessionId);
      return known ? null : NOT_OURS;
    }
    case 'payment.succeeded':
    case 'payment.failed': {
      const sub = await findSubscriptionByExternalId(trx, event.externalSubscriptionId);
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
      await updateSubscriptionUnlessExpired(trx, sub.id, { status: sub.status === 'cancelled' ? 'cancelled' : 'active', ...(renewed ? { documents_used: 0 } : {}) });
      return notice;
    }
    case 'subscription.updated': {
      const sub = await findSubscriptionByExternalId(trx, event.externalSubscriptionId);
      if (!sub) return NOT_OURS;
      await applySubscriptionState(trx, sub, event, now, null);
      return null;
    }
    case 'subscription.deleted': {
      // Never before the start: a subscription cancelled at once ends where it began.
      const ended = await expireSubscriptionByExternalId(trx, event.externalSubscriptionId, event.endedAt);
      return ended > 0 ? null : NOT_OURS;
    }
    case 'subscription.pending_update_expired': {
      // A declined upgrade Stripe no longer applies: its invoice would still be retried and, if paid,
      // charge the customer for a plan they never get. Void it (after the commit, at the provider).
      const sub = await findSubscriptionByExternalId(trx, event.externalSubscriptionId);
      if (!sub) return NOT_OURS;
      if (event.openInvoiceId) effects?.voidInvoices.push(event.openInvoiceId);
      return null;
    }
    case 'refunds.changed': {
      const tx = await lockTransactionByProviderReference(trx, event.paymentIntentId, event.chargeId);
      if (!tx) return NOT_OURS;
      for (const refund of event.refunds) await recordProviderRefund(trx, tx.id, refund);
      // What the payment has refunded: every refund not failed (a pending one stays reserved).
      const refunded = Math.min(tx.amount_cents, await sumCountedRefundCents(trx, tx.id));
      await updateTransactionRow(trx, tx.id, {
        refunded_cents: refunded,
        status: refunded >= tx.amount_cents ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'succeeded',
        ...(event.chargeId ? { stripe_charge_id: event.chargeId } : {}),
      });
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
  const localId = refund.localRefundId && isUuid(refund.localRefundId) ? refund.localRefundId : null;
  const row = await lockRefundForProviderRefund(trx, transactionId, refund.id, localId);
  if (row) {
    const status = row.status === 'failed' ? 'failed' : refund.status;
    await updateRefundRow(trx, row.id, { status, ...(row.stripe_refund_id ? {} : { stripe_refund_id: refund.id }) });
    return;
  }
  if (refund.status === 'failed') return;
  await insertRefund(trx, { transaction_id: transactionId, amount_cents: refund.amountCents, status: refund.status, stripe_refund_id: refund.id, reason: 'Refunded at the payment provider' });
}
