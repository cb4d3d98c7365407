import {
  adjustSubscriptionRow,
  findAdminSubscriptionRow,
  findSubscriptionRow,
  findTransactionAmounts,
  insertRefund,
  insertSubscriptionAdjustment,
  isProviderRefundRecordedElsewhere,
  lockRefund,
  lockTransactionForRefund,
  setPlanStripePriceIfUnset,
  updateRefundRow,
  updateTransactionRow,
  type Executor,
} from '@reelsmith/db';
import { AppError, refundTooLargeMessage } from '@reelsmith/shared';
import type { AdminActor } from '../admin/admin-actor.ts';
import { writeAudit } from '../audit/write-audit.ts';
import type { BillingDeps } from './billing-deps.ts';
import { checkoutPlan } from './checkout.ts';
import { findPlanRow } from './plans.ts';

async function subscriptionOrThrow(db: Executor, subscriptionId: string, options: { lock?: boolean } = {}) {
  const sub = await findSubscriptionRow(db, subscriptionId, options);
  if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
  return sub;
}

/** What a refund leaves on its payment: fully refunded, partly, or (nothing refunded) as paid. */
function refundedStatus(refundedCents: number, amountCents: number): 'refunded' | 'partially_refunded' | 'succeeded' {
  if (refundedCents <= 0) return 'succeeded';
  return refundedCents >= amountCents ? 'refunded' : 'partially_refunded';
}

/**
 * Refunds part or all of a succeeded payment through the provider; never more than what remains.
 * The amount is reserved on the payment under a row lock before the provider is called, so parallel
 * refunds cannot together exceed the payment, and every refund the provider makes is recorded; a
 * refused or failed provider call gives the reservation back.
 */
export async function refundTransaction(
  deps: BillingDeps,
  actor: AdminActor,
  input: { subscriptionId: string; transactionId: string; amountCents: number; reason: string | null },
): Promise<{ refundId: string; refundedCents: number; remainingCents: number; status: string }> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('BAD_REQUEST', 'The refund amount must be more than zero.');
  const reserved = await deps.db.transaction().execute(async (trx) => {
    const tx = await lockTransactionForRefund(trx, input.transactionId);
    if (!tx || tx.subscription_id !== input.subscriptionId) throw new AppError('NOT_FOUND', 'Transaction not found for this subscription');
    if (tx.status !== 'succeeded' && tx.status !== 'partially_refunded') throw new AppError('CONFLICT', 'Only a succeeded payment can be refunded.');
    const remaining = tx.amount_cents - tx.refunded_cents;
    if (input.amountCents > remaining) {
      throw new AppError('BAD_REQUEST', refundTooLargeMessage(remaining / 100, tx.currency));
    }
    const refundedCents = tx.refunded_cents + input.amountCents;
    await updateTransactionRow(trx, tx.id, { refunded_cents: refundedCents, status: refundedStatus(refundedCents, tx.amount_cents) });
    const refundRowId = await insertRefund(trx, {
      transaction_id: tx.id,
      amount_cents: input.amountCents,
      reason: input.reason,
      status: 'pending',
      stripe_refund_id: null,
      created_by_admin_id: actor.id,
    });
    return { tx, refundRowId };
  });
  const { tx, refundRowId } = reserved;
  const release = () =>
    deps.db.transaction().execute(async (trx) => {
      const current = await findTransactionAmounts(trx, tx.id, { lock: true });
      const refundedCents = Math.max(current.refunded_cents - input.amountCents, 0);
      await updateTransactionRow(trx, tx.id, { refunded_cents: refundedCents, status: refundedStatus(refundedCents, current.amount_cents) });
      await updateRefundRow(trx, refundRowId, { status: 'failed' });
    });
  let refund: Awaited<ReturnType<BillingDeps['payments']['refund']>>;
  try {
    // One key per refund we reserved: a retried call of this refund cannot refund twice, and a new
    // refund of the same amount is a new refund.
    refund = await deps.payments.refund({
      paymentIntentId: tx.stripe_payment_intent_id,
      chargeId: tx.stripe_charge_id,
      amountCents: input.amountCents,
      reason: input.reason,
      idempotencyKey: `refund-${refundRowId}`,
      localRefundId: refundRowId,
    });
  } catch (err) {
    await release();
    throw err;
  }
  if (refund.status === 'failed') {
    await release();
    throw new AppError('BAD_REQUEST', 'The payment provider refused the refund.');
  }
  return deps.db.transaction().execute(async (trx) => {
    // The provider's webhooks may have got here first (they find this row by the id in the refund's
    // metadata): what they recorded is newer than our call's answer, so a settled or failed row stays so.
    const row = await lockRefund(trx, refundRowId);
    const known = await isProviderRefundRecordedElsewhere(trx, refund.id, refundRowId);
    await updateRefundRow(trx, refundRowId, {
      status: row.status === 'pending' ? refund.status : row.status,
      ...(known || row.stripe_refund_id ? {} : { stripe_refund_id: refund.id }),
    });
    const updated = await findTransactionAmounts(trx, tx.id);
    const subject = await findAdminSubscriptionRow(trx, input.subscriptionId);
    await writeAudit(trx, {
      action: 'subscription_refund',
      severity: 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'transaction',
      resourceId: tx.id,
      targetUserId: subject?.user_id ?? tx.user_id,
      details: {
        subscriptionId: input.subscriptionId,
        transactionId: tx.id,
        amount: input.amountCents / 100,
        amountCents: input.amountCents,
        currency: tx.currency,
        // Full when this refund leaves nothing of the payment to refund, else partial.
        refundType: input.amountCents >= tx.amount_cents - tx.refunded_cents ? 'full' : 'partial',
        reason: input.reason,
        refundId: refund.id,
        userEmail: subject?.email ?? null,
        planName: subject?.plan_name ?? null,
      },
    });
    return { refundId: refund.id, refundedCents: updated.refunded_cents, remainingCents: updated.amount_cents - updated.refunded_cents, status: updated.status };
  });
}

export type Adjustment =
  | { type: 'extend'; days: number }
  | { type: 'add_credits'; credits: number }
  | { type: 'change_plan'; newPlanId: string; proration: 'create_prorations' | 'none' };

/** Extends a subscription by days, adds video credits, or moves it to another plan (with proration). */
export async function adjustSubscription(
  deps: BillingDeps,
  actor: AdminActor,
  input: { subscriptionId: string; adjustment: Adjustment; reason: string | null },
): Promise<{ adjustmentId: string; endDate: Date | null; bonusCredits: number; planId: string }> {
  const a = input.adjustment;
  if (a.type === 'extend' && (!Number.isInteger(a.days) || a.days < 1)) throw new AppError('BAD_REQUEST', 'Extend needs a whole number of days, at least 1.');
  if (a.type === 'add_credits' && (!Number.isInteger(a.credits) || a.credits < 1)) throw new AppError('BAD_REQUEST', 'Credits must be a whole number, at least 1.');
  // One locked transaction: parallel adjustments of a subscription each build on the one before
  // (two extensions by a day make two days). The provider call runs under the lock, so the
  // provider and our row cannot disagree on the order either.
  return deps.db.transaction().execute(async (trx) => {
    const sub = await subscriptionOrThrow(trx, input.subscriptionId, { lock: true });
    const now = deps.clock.now();
    let newEnd: Date | null = sub.end_date;
    let newPlanId = sub.plan_id;
    let newPriceId: string | null = null;
    let endsProviderSubscription: string | null = null;
    let movesToFree = false;
    if (a.type === 'extend') {
      const from = sub.end_date && sub.end_date.getTime() > now.getTime() ? sub.end_date : now;
      newEnd = new Date(from.getTime() + a.days * 24 * 3600_000);
      if (sub.stripe_subscription_id) await deps.payments.extendPeriod(sub.stripe_subscription_id, newEnd);
    } else if (a.type === 'change_plan') {
      const plan = await findPlanRow(trx, a.newPlanId);
      if (!plan || !plan.is_active) throw new AppError('NOT_FOUND', 'Plan not found');
      if (plan.id === sub.plan_id) throw new AppError('CONFLICT', 'The subscription is already on this plan.');
      if (sub.stripe_subscription_id && plan.billing_interval !== 'free') {
        newPriceId = (await deps.payments.changePlan(sub.stripe_subscription_id, checkoutPlan(plan), a.proration, trx)).stripePriceId;
      }
      if (plan.billing_interval === 'free') {
        // Moving a paying customer to Free ends their Stripe subscription now, or Stripe would go on
        // charging for a plan we no longer give. Under the row's lock: if Stripe refuses, nothing changes.
        if (sub.stripe_subscription_id) await cancelAtProviderForFree(deps, sub.stripe_subscription_id);
        endsProviderSubscription = sub.stripe_subscription_id;
        movesToFree = true;
        newEnd = null;
      }
      newPlanId = plan.id;
    }
    const updated = await adjustSubscriptionRow(
      trx,
      sub.id,
      {
        end_date: newEnd,
        plan_id: newPlanId,
        // An expired subscription an admin extends is in force again.
        ...(a.type === 'extend' && (sub.status === 'expired' || sub.status === 'past_due') ? { status: 'active' as const } : {}),
        // On Free the row no longer stands for the Stripe subscription just ended (its deletion event is not ours).
        ...(movesToFree ? { status: 'active' as const, cancel_at_period_end: false, stripe_subscription_id: null } : {}),
      },
      a.type === 'add_credits' ? { addBonusCredits: a.credits } : {},
    );
    if (newPriceId) await setPlanStripePriceIfUnset(trx, newPlanId, newPriceId);
    const payload =
      a.type === 'extend'
        ? { days: a.days }
        : a.type === 'add_credits'
          ? { credits: a.credits, unit: 'videos' }
          : { newPlanId: a.newPlanId, proration: a.proration, ...(endsProviderSubscription ? { cancelledStripeSubscriptionId: endsProviderSubscription } : {}) };
    const adjustmentId = await insertSubscriptionAdjustment(trx, {
      subscription_id: sub.id,
      type: a.type,
      payload: JSON.stringify(payload),
      reason: input.reason,
      created_by_admin_id: actor.id,
    });
    const subject = await findAdminSubscriptionRow(trx, sub.id);
    const previousPlan = a.type === 'change_plan' ? await findPlanRow(trx, sub.plan_id) : undefined;
    await writeAudit(trx, {
      action: 'subscription_adjust',
      severity: 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'subscription',
      resourceId: sub.id,
      targetUserId: sub.user_id,
      details: {
        type: a.type,
        ...payload,
        reason: input.reason,
        subscriptionId: sub.id,
        userEmail: subject?.email ?? null,
        planName: subject?.plan_name ?? null,
        ...(previousPlan ? { previousPlanName: previousPlan.name } : {}),
      },
    });
    return { adjustmentId, endDate: updated.end_date, bonusCredits: updated.bonus_credits, planId: updated.plan_id };
  });
}

export const providerCancelFailedMessage =
  'Stripe could not cancel the paid subscription, so the plan was not changed. Try again, or cancel it in the Stripe Dashboard first.';

async function cancelAtProviderForFree(deps: BillingDeps, externalSubscriptionId: string): Promise<void> {
  try {
    if (!deps.payments.cancelNow) throw new Error('the payment provider cannot cancel subscriptions');
    await deps.payments.cancelNow(externalSubscriptionId);
  } catch (err) {
    deps.logger.error({ err, externalSubscriptionId }, 'moving a customer to Free: the provider subscription could not be cancelled');
    throw new AppError('SERVICE_UNAVAILABLE', providerCancelFailedMessage);
  }
}

