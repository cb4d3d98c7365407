import { refundTooLargeMessage } from '@reelsmith/shared';
import { formatMoney } from '../../lib/format.ts';

// Display rules of the Subscriptions screen (admin spec §2, §4, §9).

export const statusFilterOptions = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'trialing', label: 'Trial' },
  { value: 'past_due', label: 'Past Due' },
  { value: 'canceled', label: 'Canceled' },
];

const statusLabels: Record<string, { label: string; color: string; description: string }> = {
  active: { label: 'Active', color: 'teal', description: 'Currently Active' },
  trialing: { label: 'Trial', color: 'blue', description: 'Currently in Trial' },
  pending: { label: 'Pending', color: 'yellow', description: 'Subscription Pending' },
  past_due: { label: 'Past Due', color: 'orange', description: 'Payment Past Due' },
  expired: { label: 'Expired', color: 'gray', description: 'Subscription Expired' },
  cancelled: { label: 'Canceled', color: 'red', description: 'Subscription Cancelled' },
  canceled: { label: 'Canceled', color: 'red', description: 'Subscription Cancelled' },
};

/** The badge and the Details description of a status; unknown values show as they are. */
export function subscriptionStatus(status: string): { label: string; color: string; description: string } {
  return statusLabels[status] ?? { label: status, color: 'gray', description: status };
}

/**
 * '$49.00/month'; a yearly plan per year (spec §9: the monthly price × 12), read from billedPrice, the yearly
 * charge itself, so a total twelve does not divide is not off by the rounding of its monthly figure.
 */
export function planPriceText(plan: { planType: 'monthly' | 'yearly'; price: number; billedPrice: number; currency?: string }): string {
  return plan.planType === 'yearly' ? `${formatMoney(plan.billedPrice, plan.currency)}/year` : `${formatMoney(plan.price, plan.currency)}/month`;
}

/** The plan select's label: the name with the billing period, since each plan is sold monthly and yearly. */
export function planOptionLabel(plan: { planName: string; price: number; period: string }): string {
  const period = plan.period === 'yearly' ? 'Yearly' : plan.period === 'monthly' ? 'Monthly' : plan.period;
  return `${plan.planName} (${period})`;
}

const adjustmentLabels: Record<string, string> = { extend: 'Extend Subscription', add_credits: 'Add Credits', change_plan: 'Change Plan' };

export function adjustmentTypeLabel(type: string): string {
  return adjustmentLabels[type] ?? type;
}

/**
 * Whether an admin may cancel the subscription: while it runs (active, trialing, past due), or, when
 * cancelled at period end but not yet ended, to end it now.
 */
export function canCancel(sub: { status: string; endDate: Date | null }, now = new Date()): boolean {
  if (sub.status === 'active' || sub.status === 'trialing' || sub.status === 'past_due') return true;
  return sub.status === 'cancelled' && sub.endDate !== null && sub.endDate.getTime() > now.getTime();
}

/** What a refund may still take from a payment, in currency units (two decimals). */
export function refundableAmount(tx: { amount: number; refundedAmount: number }): number {
  return Math.max(0, Math.round((tx.amount - tx.refundedAmount) * 100) / 100);
}

/** Why the refund amount cannot be sent (more than is left: the server's own words), or null. Empty is not a problem, only not ready. */
export function refundAmountProblem(amount: number | string, max: number, currency: string): string | null {
  if (amount === '') return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return 'Enter an amount in dollars and cents.';
  return Math.round(value * 100) > Math.round(max * 100) ? refundTooLargeMessage(max, currency) : null;
}

/** Only a succeeded payment with money left to give back offers Refund (partially refunded ones still have some). */
export function canRefund(tx: { status: string; amount: number; refundedAmount: number }): boolean {
  return (tx.status === 'succeeded' || tx.status === 'partially_refunded') && refundableAmount(tx) > 0;
}

const transactionStatusColors: Record<string, string> = { succeeded: 'teal', partially_refunded: 'yellow', refunded: 'gray', failed: 'red', canceled: 'gray', pending: 'blue' };

/**
 * A payment's badge. The API answers a partly refunded payment as 'succeeded' with its refunded amount
 * (the spec's states; it can still be refunded), so the operator's badge says what happened to it.
 */
export function transactionStatus(tx: { status: string; refundedAmount?: number }): { label: string; color: string } {
  const status = tx.status === 'succeeded' && (tx.refundedAmount ?? 0) > 0 ? 'partially_refunded' : tx.status;
  return { label: status.replace(/_/g, ' '), color: transactionStatusColors[status] ?? 'gray' };
}
