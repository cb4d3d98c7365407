import { findSubscriptionRow, findUserById, sumSubscriptionUnrefundedCents, updateSubscriptionRow, type Executor } from '@reelsmith/db';
import { AppError, subscriptionCancelMessages, type SubscriptionCancelWhen } from '@reelsmith/shared';
import type { AdminActor } from '../admin/admin-actor.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { refundTransaction } from './admin-billing.ts';
import type { BillingDeps } from './billing-deps.ts';
import { effectiveStatus } from './entitlement-rules.ts';
import { findPlanRow } from './plans.ts';

type Cause = 'admin' | 'full_refund';

/** Who the subscription belongs to and on which plan, for the audit entry's sentence. */
async function subject(db: Executor, userId: string, planId: string) {
  const [user, plan] = await Promise.all([findUserById(db, userId), findPlanRow(db, planId)]);
  return { userId, userEmail: user?.email ?? null, planName: plan?.name ?? null, free: plan?.billing_interval === 'free' };
}

async function cancelAtProvider(deps: BillingDeps, externalId: string, when: SubscriptionCancelWhen): Promise<void> {
  try {
    if (when === 'period_end') await deps.payments.cancelAtPeriodEnd(externalId);
    else if (deps.payments.cancelNow) await deps.payments.cancelNow(externalId);
    else throw new Error('the payment provider cannot cancel subscriptions at once');
  } catch (err) {
    deps.logger.error({ err, externalId, when }, 'an admin cancellation could not be made at the payment provider');
    throw new AppError('BAD_REQUEST', subscriptionCancelMessages.providerFailed);
  }
}

/**
 * Ends a customer's paid subscription for an admin: at the end of the paid period (the provider stops
 * renewing; the customer keeps what they paid for) or now (the provider subscription is cancelled and
 * access ends). One locked transaction with the provider call inside it, so a refused provider call
 * changes nothing and two admins cancelling at once make one change each, in turn. Audited with the
 * customer, plan, timing and reason.
 */
export async function cancelSubscriptionForAdmin(
  deps: BillingDeps,
  actor: AdminActor,
  input: { subscriptionId: string; when: SubscriptionCancelWhen; reason: string | null },
  cause: Cause = 'admin',
): Promise<{ subscriptionId: string; status: 'cancelled'; endDate: Date | null; when: SubscriptionCancelWhen }> {
  return deps.db.transaction().execute(async (trx) => {
    const sub = await findSubscriptionRow(trx, input.subscriptionId, { lock: true });
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    const who = await subject(trx, sub.user_id, sub.plan_id);
    if (who.free) throw new AppError('CONFLICT', subscriptionCancelMessages.free);
    const now = deps.clock.now();
    const status = effectiveStatus(sub.status, sub.end_date, now);
    const live = status === 'active' || status === 'trialing' || status === 'past_due';
    // A cancellation at period end can still be brought forward to now.
    if (!live && !(status === 'cancelled' && input.when === 'now')) {
      throw new AppError('CONFLICT', status === 'cancelled' ? subscriptionCancelMessages.alreadyCancelled : subscriptionCancelMessages.notLive);
    }
    if (sub.stripe_subscription_id) await cancelAtProvider(deps, sub.stripe_subscription_id, input.when);
    // Never before its start: the provider's clock (which dated the period) may run ahead of ours.
    const endDate = input.when === 'now' ? new Date(Math.max(now.getTime(), sub.start_date.getTime())) : sub.end_date;
    await updateSubscriptionRow(trx, sub.id, { status: 'cancelled', cancelled_at: now, cancel_at_period_end: input.when === 'period_end', end_date: endDate });
    await writeAudit(trx, {
      action: 'subscription_cancel',
      severity: 'warning',
      userType: 'admin',
      adminId: actor.id,
      adminEmail: actor.email,
      ipAddress: actor.ip,
      resourceType: 'subscription',
      resourceId: sub.id,
      targetUserId: who.userId,
      details: {
        subscriptionId: sub.id,
        userId: who.userId,
        userEmail: who.userEmail,
        planName: who.planName,
        when: input.when,
        cause,
        previousStatus: status,
        endDate: endDate?.toISOString() ?? null,
        reason: input.reason,
      },
    });
    return { subscriptionId: sub.id, status: 'cancelled' as const, endDate, when: input.when };
  });
}

/**
 * After a refund: a subscription whose payments have all been refunded in full is no longer paid for,
 * so it ends now (status cancelled, access ends, the provider stops charging). Answers whether it ended.
 * A subscription already over, or one with money still kept, is left as it is.
 */
export async function endSubscriptionIfFullyRefunded(deps: BillingDeps, actor: AdminActor, subscriptionId: string, reason: string | null): Promise<boolean> {
  const { paidCents, unrefundedCents } = await sumSubscriptionUnrefundedCents(deps.db, subscriptionId);
  if (paidCents === 0 || unrefundedCents > 0) return false;
  const sub = await findSubscriptionRow(deps.db, subscriptionId);
  if (!sub) return false;
  const status = effectiveStatus(sub.status, sub.end_date, deps.clock.now());
  if (status === 'expired' || (status === 'cancelled' && sub.end_date !== null && sub.end_date.getTime() <= deps.clock.now().getTime())) return false;
  if (status !== 'active' && status !== 'trialing' && status !== 'past_due' && status !== 'cancelled') return false;
  await cancelSubscriptionForAdmin(deps, actor, { subscriptionId, when: 'now', reason }, 'full_refund');
  return true;
}

/**
 * An admin's refund (refundTransaction), and then, when it leaves nothing of the subscription's payments
 * kept, the end of the subscription. The refund stands even if ending the subscription fails (logged,
 * for an admin to cancel by hand with the Cancel action).
 */
export async function refundForAdmin(
  deps: BillingDeps,
  actor: AdminActor,
  input: { subscriptionId: string; transactionId: string; amountCents: number; reason: string | null },
): Promise<Awaited<ReturnType<typeof refundTransaction>> & { subscriptionEnded: boolean }> {
  const done = await refundTransaction(deps, actor, input);
  let subscriptionEnded = false;
  if (done.remainingCents === 0) {
    try {
      subscriptionEnded = await endSubscriptionIfFullyRefunded(deps, actor, input.subscriptionId, input.reason);
    } catch (err) {
      deps.logger.error({ err, subscriptionId: input.subscriptionId }, 'a fully refunded subscription could not be ended; an admin should cancel it');
    }
  }
  return { ...done, subscriptionEnded };
}
