import { billingMessages } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import {
  canCancelPlan,
  decideStartProject,
  isCurrentPlan,
  periodEndDisplay,
  planAction,
  priceDisplay,
  subscriptionStatusBadge,
  transactionStatusBadge,
  videoQuota,
} from './billing-rules.ts';

/** A plan as the server answers it: price per month, billedPrice per charge (a yearly total ÷ 12, to the cent). */
const plan = (billingInterval: 'free' | 'monthly' | 'yearly' | 'one_time', billedPrice: number) => ({
  id: `${billingInterval}-id`,
  billingInterval,
  price: billingInterval === 'yearly' ? Math.round(billedPrice * 100 / 12) / 100 : billedPrice,
  billedPrice,
  currency: 'USD',
});

describe('priceDisplay', () => {
  it('shows yearly plans per month with the yearly total', () => {
    expect(priceDisplay(plan('yearly', 470.4))).toEqual({ amount: '$39.20', period: '/month', note: 'billed $470.40 yearly' });
    // A total that twelve does not divide: the month rounds, the charge stays exact.
    expect(priceDisplay(plan('yearly', 100))).toEqual({ amount: '$8.33', period: '/month', note: 'billed $100.00 yearly' });
  });

  it('shows monthly, free and one-time plans', () => {
    expect(priceDisplay(plan('monthly', 49))).toEqual({ amount: '$49', period: '/month', note: 'billed monthly' });
    expect(priceDisplay(plan('free', 0))).toEqual({ amount: '$0', period: '/month', note: 'No credit card needed' });
    expect(priceDisplay(plan('monthly', 0))).toEqual({ amount: '$0', period: '/month', note: 'No credit card needed' });
    expect(priceDisplay(plan('one_time', 30))).toMatchObject({ amount: '$30', period: 'one-time' });
  });
});

describe('isCurrentPlan', () => {
  it('compares plan ids', () => {
    expect(isCurrentPlan(plan('monthly', 49), { planId: 'monthly-id', isFreeUser: false })).toBe(true);
    expect(isCurrentPlan(plan('yearly', 470.4), { planId: 'monthly-id', isFreeUser: false })).toBe(false);
  });

  it('counts Free as current for Free users only', () => {
    expect(isCurrentPlan(plan('free', 0), { planId: 'other', isFreeUser: true })).toBe(true);
    expect(isCurrentPlan(plan('free', 0), { planId: 'monthly-id', isFreeUser: false })).toBe(false);
  });

  it('is never current when signed out or without a plan', () => {
    expect(isCurrentPlan(plan('free', 0), undefined)).toBe(false);
    expect(isCurrentPlan(plan('monthly', 49), { planId: null, isFreeUser: false })).toBe(false);
  });
});

describe('subscriptionStatusBadge', () => {
  it.each([
    ['active', 'Active', 'teal'],
    ['trialing', 'Trial', 'blue'],
    ['pending', 'Pending', 'yellow'],
    ['past_due', 'Past Due', 'orange'],
    ['cancelled', 'Cancelled', 'red'],
    ['expired', 'Expired', 'gray'],
    [null, 'No plan', 'gray'],
  ] as const)('%s → %s (%s)', (status, label, color) => {
    expect(subscriptionStatusBadge(status)).toEqual({ label, color });
  });
});

describe('transactionStatusBadge', () => {
  it.each([
    ['succeeded', 'succeeded'],
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['cancelled', 'canceled'],
    ['refunded', 'refunded'],
    ['partially_refunded', 'partially refunded'],
    ['pending', 'pending'],
    ['requires_action', 'pending'],
    ['', 'pending'],
  ])('%s is shown as %s', (status, label) => {
    expect(transactionStatusBadge(status).label).toBe(label);
  });
});

describe('videoQuota', () => {
  it('shows used of limit with a bar percentage', () => {
    expect(videoQuota(0, 40)).toEqual({ label: '0 / 40 videos', percent: 0 });
    expect(videoQuota(10, 40)).toEqual({ label: '10 / 40 videos', percent: 25 });
    expect(videoQuota(3, 1)).toEqual({ label: '3 / 1 videos', percent: 100 });
    expect(videoQuota(0, 0)).toEqual({ label: '0 / 0 videos', percent: 100 });
  });

  it('shows Unlimited without a bar', () => {
    expect(videoQuota(12, null)).toEqual({ label: 'Unlimited', percent: null });
  });
});

describe('canCancelPlan', () => {
  it('offers cancel only for an active paid plan', () => {
    expect(canCancelPlan({ status: 'active', isFreeUser: false, planName: 'Pro' })).toBe(true);
    expect(canCancelPlan({ status: 'cancelled', isFreeUser: false, planName: 'Pro' })).toBe(false);
    expect(canCancelPlan({ status: 'expired', isFreeUser: false, planName: 'Pro' })).toBe(false);
    expect(canCancelPlan({ status: 'active', isFreeUser: true, planName: 'Free' })).toBe(false);
    expect(canCancelPlan({ status: 'active', isFreeUser: false, planName: 'Free' })).toBe(false);
  });
});

describe('periodEndDisplay', () => {
  const end = new Date(2026, 10, 22, 12);
  it('shows next billing, or the access end of a cancelled plan', () => {
    expect(periodEndDisplay({ status: 'active', endDate: end })).toEqual({ label: 'Next billing', value: 'Nov 22, 2026' });
    expect(periodEndDisplay({ status: 'active', endDate: null })).toEqual({ label: 'Next billing', value: '—' });
    expect(periodEndDisplay({ status: 'cancelled', endDate: end })).toEqual({ label: 'Ends on', value: 'Access until Nov 22, 2026' });
    expect(periodEndDisplay({ status: 'expired', endDate: end })).toEqual({ label: 'Ended on', value: 'Nov 22, 2026' });
  });
});

describe('decideStartProject', () => {
  it('creates when allowed', () => {
    expect(decideStartProject({ canCreateProject: true, createBlockedReason: null })).toEqual({ kind: 'create' });
  });

  it('opens the upgrade dialog for the free video and the plan quota', () => {
    expect(decideStartProject({ canCreateProject: false, createBlockedReason: 'free_limit' })).toEqual({ kind: 'upgrade', reason: 'video-limit' });
    expect(decideStartProject({ canCreateProject: false, createBlockedReason: 'quota' })).toEqual({ kind: 'upgrade', reason: 'quota' });
  });

  it('sends customers without an active plan to pricing', () => {
    for (const reason of ['no_subscription', 'inactive', null] as const) {
      expect(decideStartProject({ canCreateProject: false, createBlockedReason: reason })).toEqual({
        kind: 'pricing',
        title: 'Subscription Required',
        message: billingMessages.noSubscription,
      });
    }
  });

  it('explains the daily and project limits', () => {
    expect(decideStartProject({ canCreateProject: false, createBlockedReason: 'daily_limit' })).toEqual({
      kind: 'notice',
      title: 'Daily Limit Reached',
      message: 'You have created the maximum number of videos for today. Please try again tomorrow.',
    });
    expect(decideStartProject({ canCreateProject: false, createBlockedReason: 'project_limit' })).toMatchObject({
      kind: 'notice',
      message: billingMessages.projectLimit,
    });
  });
});

describe('planAction', () => {
  // The server answers the Free plan as a $0 'monthly' plan (issue 18); price 0 is what marks it Free.
  const free = { id: 'free-id', name: 'Free', price: 0, billingInterval: 'monthly' as const };
  const pro = { id: 'pro-id', name: 'Pro', price: 49, billingInterval: 'monthly' as const };
  const freeUser = { planId: 'free-id', isFreeUser: true, status: 'active' as const };
  const proUser = { planId: 'pro-id', isFreeUser: false, status: 'active' as const };

  it('asks visitors to sign in', () => {
    expect(planAction(free, null)).toEqual({ kind: 'sign-in', label: 'Start Free' });
    expect(planAction(pro, null)).toEqual({ kind: 'sign-in', label: 'Get Pro' });
  });

  it('never sells the Free plan', () => {
    expect(planAction(free, freeUser)).toEqual({ kind: 'none', label: 'Current Plan' });
    expect(planAction(free, proUser)).toEqual({ kind: 'none', label: 'Free forever' });
  });

  it('does not sell a plan the customer holds, unless it was cancelled or expired', () => {
    expect(planAction(pro, proUser)).toEqual({ kind: 'none', label: 'Current Plan' });
    expect(planAction(pro, { ...proUser, status: 'cancelled' })).toEqual({ kind: 'checkout', label: 'Renew Pro' });
  });

  it('upgrades free users and switches paying ones', () => {
    expect(planAction(pro, freeUser)).toEqual({ kind: 'checkout', label: 'Upgrade to Pro' });
    expect(planAction(pro, { planId: 'starter-id', isFreeUser: false, status: 'active' })).toEqual({ kind: 'checkout', label: 'Switch to Pro' });
    expect(planAction(pro, { planId: null, isFreeUser: false, status: null })).toEqual({ kind: 'checkout', label: 'Upgrade to Pro' });
  });
});
