import { updateSubscriptionRow } from '@reelsmith/db';
import { AppError, billingMessages } from '@reelsmith/shared';
import type { BillingDeps } from './billing-deps.ts';
import { effectiveStatus } from './entitlement-rules.ts';
import { findCurrentSubscription } from './subscriptions.ts';

/**
 * Cancels at the end of the paid period: the provider stops renewing, the status becomes
 * cancelled, and the customer keeps what they paid for until the period ends.
 */
export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<{ status: 'cancelled'; endDate: Date | null }> {
  const now = deps.clock.now();
  const sub = await findCurrentSubscription(deps.db, userId);
  const status = sub ? effectiveStatus(sub.status, sub.endDate, now) : null;
  // An admin's extension runs as a trial at Stripe: a trialing subscription is cancelled like an active one.
  if (!sub || (status !== 'active' && status !== 'trialing')) throw new AppError('CONFLICT', billingMessages.cancelNotActive);
  if (sub.plan.billingInterval === 'free') throw new AppError('CONFLICT', 'The Free plan has nothing to cancel.');
  if (sub.externalId) await deps.payments.cancelAtPeriodEnd(sub.externalId);
  await updateSubscriptionRow(deps.db, sub.id, { status: 'cancelled', cancel_at_period_end: true, cancelled_at: now });
  deps.logger.info({ userId, subscriptionId: sub.id }, 'subscription cancelled at period end');
  return { status: 'cancelled', endDate: sub.endDate };
}
