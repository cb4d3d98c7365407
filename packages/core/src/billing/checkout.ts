import { randomBytes } from 'node:crypto';
import { AppError, billingMessages } from '@reelsmith/shared';
import {
  findCheckoutSession,
  findUserById,
  findUserStripeCustomerId,
  insertCheckoutSession,
  insertSubscriptionAdjustment,
  setPlanStripePrice,
  setUserStripeCustomerId,
  updateSubscriptionRow,
} from '@reelsmith/db';
import type { BillingDeps } from './billing-deps.ts';
import { applyBillingEvent, NOT_OURS, type BillingEffects } from './billing-events.ts';
import { addBillingPeriod } from './local-payment-provider.ts';
import { carryOut, notifyPayment, processPaymentEvent } from './process-payment-event.ts';
import { newLocalId } from './local-ids.ts';
import { isEntitled } from './entitlement-rules.ts';
import { findPlanRow, type PlanRow } from './plans.ts';
import { findCurrentSubscription, getCurrentSubscription } from './subscriptions.ts';
import type { CheckoutRequest } from './payment-provider.ts';

export function checkoutPlan(plan: PlanRow): CheckoutRequest['plan'] {
  if (plan.billing_interval === 'free') throw new AppError('BAD_REQUEST', billingMessages.planUnavailable);
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    priceCents: plan.price_cents,
    currency: plan.currency,
    billingInterval: plan.billing_interval,
    stripePriceId: plan.stripe_price_id,
  };
}

function resultUrl(deps: BillingDeps, status: 'success' | 'cancelled', planId: string, sessionId = '{CHECKOUT_SESSION_ID}'): string {
  return `${deps.publicUrl}/payment-result?status=${status}&session_id=${sessionId}&planId=${planId}`;
}

/**
 * Opens a checkout for a paid plan (subscription mode for monthly and yearly, payment mode for
 * one-time). A customer already paying for another plan is moved to it in place, with proration.
 */
export async function createCheckout(deps: BillingDeps, userId: string, planId: string): Promise<{ url: string; sessionId: string }> {
  const plan = await findPlanRow(deps.db, planId);
  if (!plan || !plan.is_active) throw new AppError('NOT_FOUND', billingMessages.planUnavailable);
  const target = checkoutPlan(plan);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Session expired - please login again');
  const now = deps.clock.now();
  const current = await findCurrentSubscription(deps.db, userId);
  const payingNow = current && current.plan.billingInterval !== 'free' && isEntitled(current.status, current.endDate, now) && current.status !== 'cancelled';
  if (payingNow && current.plan.id === plan.id) throw new AppError('CONFLICT', billingMessages.alreadySubscribed);
  if (payingNow && current.externalId && target.billingInterval !== 'one_time') {
    return changePlanInPlace(deps, userId, { id: current.id, planId: current.plan.id, externalId: current.externalId }, plan, target);
  }

  const storedCustomerId = await findUserStripeCustomerId(deps.db, userId);
  const created = await deps.payments.createCheckout({
    sessionIdHint: randomBytes(12).toString('base64url'),
    userId,
    email: user.email,
    name: [user.first_name, user.last_name].filter(Boolean).join(' ') || null,
    customerId: storedCustomerId,
    plan: target,
    successUrl: resultUrl(deps, 'success', plan.id),
    cancelUrl: resultUrl(deps, 'cancelled', plan.id),
  });
  await deps.db.transaction().execute(async (trx) => {
    if (created.customerId && created.customerId !== storedCustomerId) await setUserStripeCustomerId(trx, userId, created.customerId);
    if (created.stripePriceId && created.stripePriceId !== plan.stripe_price_id) await setPlanStripePrice(trx, plan.id, created.stripePriceId);
    await insertCheckoutSession(trx, {
      id: created.id,
      provider: deps.payments.kind,
      user_id: userId,
      plan_id: plan.id,
      mode: target.billingInterval === 'one_time' ? 'payment' : 'subscription',
      amount_cents: plan.price_cents,
      currency: plan.currency,
    });
  });
  deps.logger.info({ userId, planId: plan.id, provider: deps.payments.kind }, 'checkout opened');
  return { url: created.url, sessionId: created.id };
}

/**
 * Moves a paying customer to another plan in place. An upgrade is charged at once (the difference
 * for the rest of the period) and granted only when that charge succeeds; a downgrade is credited on
 * the next invoice.
 */
async function changePlanInPlace(
  deps: BillingDeps,
  userId: string,
  current: { id: string; planId: string; externalId: string },
  plan: PlanRow,
  target: CheckoutRequest['plan'],
): Promise<{ url: string; sessionId: string }> {
  const subscriptionId = current.id;
  const externalId = current.externalId;
  const from = await findPlanRow(deps.db, current.planId);
  const upgrade = !from || plan.price_cents > from.price_cents;
  const proration = upgrade ? 'always_invoice' : 'create_prorations';
  const changed = await deps.payments.changePlan(externalId, target, proration);
  if (changed.applied === false) {
    deps.logger.info({ userId, planId: plan.id }, 'plan change declined by the card; the current plan stays');
    throw new AppError('PAYMENT_REQUIRED', 'Your card was declined for the plan change, so your current plan stays. Update your card and try again.');
  }
  const sessionId = `change_${randomBytes(12).toString('base64url')}`;
  await deps.db.transaction().execute(async (trx) => {
    if (changed.stripePriceId && changed.stripePriceId !== plan.stripe_price_id) await setPlanStripePrice(trx, plan.id, changed.stripePriceId);
    await updateSubscriptionRow(trx, subscriptionId, { plan_id: plan.id });
    await insertSubscriptionAdjustment(trx, {
      subscription_id: subscriptionId,
      type: 'change_plan',
      payload: JSON.stringify({ newPlanId: plan.id, proration, by: 'customer' }),
      reason: 'Changed by the customer',
    });
    await insertCheckoutSession(trx, {
      id: sessionId,
      provider: deps.payments.kind,
      user_id: userId,
      plan_id: plan.id,
      mode: 'subscription',
      status: 'complete',
      amount_cents: plan.price_cents,
      currency: plan.currency,
      completed_at: deps.clock.now(),
    });
  });
  if (deps.payments.kind === 'local' && target.billingInterval !== 'one_time') {
    // Stripe bills the switch itself (a prorated invoice arrives by webhook); the local test checkout
    // charges the new plan from today, as a new period.
    const now = deps.clock.now();
    await processPaymentEvent(deps, newLocalId('local_evt'), 'payment.succeeded', {
      type: 'payment.succeeded',
      customerId: null,
      externalSubscriptionId: externalId,
      payment: {
        amountCents: plan.price_cents,
        currency: plan.currency,
        status: 'succeeded',
        description: `${plan.name} (${target.billingInterval}) — plan change, test payment`,
        invoiceId: newLocalId('local_in'),
        paymentIntentId: newLocalId('local_pi'),
        chargeId: null,
        receiptUrl: null,
        paidAt: now,
      },
      subscription: { status: 'active', cancelAtPeriodEnd: false, periodStart: now, periodEnd: addBillingPeriod(now, target.billingInterval) },
      renewal: true,
    });
  }
  return { url: resultUrl(deps, 'success', plan.id, sessionId), sessionId };
}

export interface ConfirmResult {
  ok: boolean;
  planName: string | null;
  startDate: Date | null;
  endDate: Date | null;
  documentLimit: number | null;
  documentsUsed: number;
  error: string | null;
  /** Paid by a delayed method that has not cleared yet: the plan starts when it does. */
  processing?: boolean;
}

/** Verifies a checkout with the provider and applies it if paid. Safe to call any number of times. */
export async function confirmCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<ConfirmResult> {
  const session = await findCheckoutSession(deps.db, sessionId);
  if (!session || session.user_id !== userId) throw new AppError('NOT_FOUND', 'Payment session not found');
  const failed = (error: string): ConfirmResult => ({ ok: false, planName: null, startDate: null, endDate: null, documentLimit: null, documentsUsed: 0, error });
  if (session.status !== 'complete') {
    const state = await deps.payments.retrieveCheckout(sessionId);
    if (state.userId && state.userId !== userId) throw new AppError('NOT_FOUND', 'Payment session not found');
    if (state.status === 'cancelled' || state.status === 'expired') return failed('The payment was cancelled. No charge was made.');
    // A delayed payment that failed closed our session (checkout.session.async_payment_failed); Stripe's stays complete and unpaid.
    if (state.processing && session.status === 'expired') return failed('The payment did not go through. Your plan has not changed.');
    if (state.processing) {
      // Not a failure: the customer paid by bank debit; checkout.session.async_payment_succeeded starts the plan.
      const current = await getCurrentSubscription(deps, userId);
      return { ...failed(''), ok: true, error: null, processing: true, planName: current.planName, startDate: current.startDate, endDate: current.endDate, documentLimit: current.documentLimit, documentsUsed: current.documentsUsed };
    }
    if (!state.paid || !state.completion) return failed('The payment has not been completed.');
    const effects: BillingEffects = { cancelAtProvider: [], voidInvoices: [] };
    const notice = await deps.db.transaction().execute((trx) => applyBillingEvent(trx, state.completion!, deps.clock.now(), effects));
    notifyPayment(deps, notice === NOT_OURS ? null : notice);
    await carryOut(deps, effects);
  }
  const current = await getCurrentSubscription(deps, userId);
  return {
    ok: true,
    planName: current.planName,
    startDate: current.startDate,
    endDate: current.endDate,
    documentLimit: current.documentLimit,
    documentsUsed: current.documentsUsed,
    error: null,
  };
}
