import { billingMessages, isFreePlan, type CurrentSubscription, type Plan } from '@reelsmith/shared';
import { formatDate, formatMoney, formatPrice } from '../../lib/format.ts';

export type SubscriptionStatus = NonNullable<CurrentSubscription['status']>;
export type BillingChoice = 'monthly' | 'yearly';

/** The Mantine colour and label of a badge. */
export interface BadgeLook {
  label: string;
  color: string;
}

export interface PriceDisplay {
  /** The headline figure, e.g. '$39.20'. */
  amount: string;
  /** What the figure is per, e.g. '/month'. */
  period: string;
  /** The small print under it, e.g. 'billed $470.40 yearly'. */
  note: string;
}

/** How a plan card shows its price (spec §2 /pricing: 'price per month'). */
/** The server answers price per month for every plan and billedPrice per charge (answeredPrices). */
export function priceDisplay(plan: Pick<Plan, 'price' | 'billedPrice' | 'currency' | 'billingInterval'>): PriceDisplay {
  const { currency } = plan;
  if (isFreePlan(plan)) return { amount: formatPrice(0, currency), period: '/month', note: 'No credit card needed' };
  switch (plan.billingInterval) {
    case 'free':
    case 'monthly':
      return { amount: formatPrice(plan.price, currency), period: '/month', note: 'billed monthly' };
    case 'yearly':
      return {
        amount: formatPrice(plan.price, currency),
        period: '/month',
        note: `billed ${formatMoney(plan.billedPrice, currency)} yearly`,
      };
    case 'one_time':
      return { amount: formatPrice(plan.price, currency), period: 'one-time', note: 'a single payment' };
  }
}

/** Is this the plan the customer holds? Free counts as current for Free users. */
export function isCurrentPlan(
  plan: Pick<Plan, 'id' | 'price' | 'billingInterval'>,
  subscription: Pick<CurrentSubscription, 'planId' | 'isFreeUser'> | null | undefined,
): boolean {
  if (!subscription) return false;
  if (subscription.planId !== null && plan.id === subscription.planId) return true;
  return isFreePlan(plan) && subscription.isFreeUser;
}

/** Statuses under which the plan still renews or is about to: buying it again makes no sense. */
export function isLiveStatus(status: CurrentSubscription['status']): boolean {
  return status === 'active' || status === 'trialing' || status === 'pending' || status === 'past_due';
}

const subscriptionBadges: Record<SubscriptionStatus, BadgeLook> = {
  active: { label: 'Active', color: 'teal' },
  trialing: { label: 'Trial', color: 'blue' },
  pending: { label: 'Pending', color: 'yellow' },
  past_due: { label: 'Past Due', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

export function subscriptionStatusBadge(status: CurrentSubscription['status']): BadgeLook {
  return status ? subscriptionBadges[status] : { label: 'No plan', color: 'gray' };
}

/** Spec §3 Transaction: succeeded, failed and canceled as they are, refunds named, anything else pending. */
export function transactionStatusBadge(paymentStatus: string): BadgeLook {
  switch (paymentStatus) {
    case 'succeeded':
      return { label: 'succeeded', color: 'teal' };
    case 'failed':
      return { label: 'failed', color: 'red' };
    case 'canceled':
    case 'cancelled':
      return { label: 'canceled', color: 'gray' };
    case 'refunded':
      return { label: 'refunded', color: 'violet' };
    case 'partially_refunded':
      return { label: 'partially refunded', color: 'indigo' };
    default:
      return { label: 'pending', color: 'yellow' };
  }
}

export interface QuotaDisplay {
  label: string;
  /** 0–100 for the bar; null when the plan is unlimited. */
  percent: number | null;
}

/** documentsUsed / documentLimit, or Unlimited. */
export function videoQuota(used: number, limit: number | null): QuotaDisplay {
  if (limit === null) return { label: 'Unlimited', percent: null };
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return { label: `${used} / ${limit} videos`, percent };
}

/** Cancel is offered only for an active, paid plan (spec §4). */
export function canCancelPlan(subscription: Pick<CurrentSubscription, 'status' | 'isFreeUser' | 'planName'>): boolean {
  return subscription.status === 'active' && !subscription.isFreeUser && subscription.planName !== 'Free';
}

/** The profile's second date: next billing, or how long a cancelled plan still works. */
export function periodEndDisplay(subscription: Pick<CurrentSubscription, 'status' | 'endDate'>): { label: string; value: string } {
  const end = formatDate(subscription.endDate);
  if (subscription.status === 'cancelled') return { label: 'Ends on', value: subscription.endDate ? `Access until ${end}` : end };
  if (subscription.status === 'expired') return { label: 'Ended on', value: end };
  return { label: 'Next billing', value: end };
}

/** What a 'create a project' button does for this subscription (spec §4, §5, §6). */
export type StartProjectDecision =
  | { kind: 'create' }
  | { kind: 'upgrade'; reason: 'video-limit' | 'quota' }
  | { kind: 'pricing'; title: string; message: string }
  | { kind: 'notice'; title: string; message: string };

const dailyLimitPrefix = /^Daily Limit Reached:\s*/;

export function decideStartProject(
  subscription: Pick<CurrentSubscription, 'canCreateProject' | 'createBlockedReason'>,
): StartProjectDecision {
  if (subscription.canCreateProject) return { kind: 'create' };
  switch (subscription.createBlockedReason) {
    case 'free_limit':
      return { kind: 'upgrade', reason: 'video-limit' };
    case 'quota':
      return { kind: 'upgrade', reason: 'quota' };
    case 'daily_limit': {
      const detail = billingMessages.dailyLimit.replace(dailyLimitPrefix, '');
      return { kind: 'notice', title: 'Daily Limit Reached', message: detail.charAt(0).toUpperCase() + detail.slice(1) };
    }
    case 'project_limit':
      return { kind: 'notice', title: 'Project Limit Reached', message: billingMessages.projectLimit };
    default:
      // no_subscription, inactive, or a refusal without a reason.
      return { kind: 'pricing', title: 'Subscription Required', message: billingMessages.noSubscription };
  }
}

/** What a plan card's button does: sign in first, nothing (already held, or Free), or open a checkout. */
export type PlanAction = { kind: 'sign-in' | 'none' | 'checkout'; label: string };

/** `subscription` is null for a signed-out visitor. */
export function planAction(
  plan: Pick<Plan, 'id' | 'name' | 'price' | 'billingInterval'>,
  subscription: Pick<CurrentSubscription, 'planId' | 'isFreeUser' | 'status'> | null,
): PlanAction {
  const free = isFreePlan(plan);
  if (!subscription) return { kind: 'sign-in', label: free ? 'Start Free' : `Get ${plan.name}` };
  const current = isCurrentPlan(plan, subscription);
  if (free) return { kind: 'none', label: current ? 'Current Plan' : 'Free forever' };
  if (current && isLiveStatus(subscription.status)) return { kind: 'none', label: 'Current Plan' };
  if (current) return { kind: 'checkout', label: `Renew ${plan.name}` };
  const paying = !subscription.isFreeUser && subscription.planId !== null && isLiveStatus(subscription.status);
  return { kind: 'checkout', label: paying ? `Switch to ${plan.name}` : `Upgrade to ${plan.name}` };
}
