import { describe, expect, it } from 'vitest';
import { canRefund, planOptionLabel, planPriceText, refundableAmount, subscriptionStatus, transactionStatus } from './subscription-labels.ts';

describe('subscription labels', () => {
  it('shows a monthly price per month and a yearly one as price × 12 per year', () => {
    expect(planPriceText({ planType: 'monthly', price: 49, billedPrice: 49 })).toBe('$49.00/month');
    expect(planPriceText({ planType: 'yearly', price: 15.2, billedPrice: 182.4 })).toBe('$182.40/year');
    expect(planPriceText({ planType: 'yearly', price: 8.33, billedPrice: 100 })).toBe('$100.00/year');
  });

  it('describes each status as the Details dialog does', () => {
    expect(subscriptionStatus('active').description).toBe('Currently Active');
    expect(subscriptionStatus('trialing')).toMatchObject({ label: 'Trial', description: 'Currently in Trial' });
    expect(subscriptionStatus('cancelled').description).toBe('Subscription Cancelled');
    expect(subscriptionStatus('expired').description).toBe('Subscription Expired');
    expect(subscriptionStatus('pending').description).toBe('Subscription Pending');
    expect(subscriptionStatus('weird').label).toBe('weird');
  });

  it('offers Refund only on succeeded payments with money left', () => {
    expect(canRefund({ status: 'succeeded', amount: 49, refundedAmount: 0 })).toBe(true);
    expect(canRefund({ status: 'partially_refunded', amount: 49, refundedAmount: 10.5 })).toBe(true);
    expect(canRefund({ status: 'refunded', amount: 49, refundedAmount: 49 })).toBe(false);
    expect(canRefund({ status: 'failed', amount: 49, refundedAmount: 0 })).toBe(false);
    expect(refundableAmount({ amount: 49, refundedAmount: 10.1 })).toBe(38.9);
  });

  it("badges a succeeded payment with money given back as partially refunded, the rest by their status", () => {
    expect(transactionStatus({ status: 'succeeded', refundedAmount: 5.5 })).toEqual({ label: 'partially refunded', color: 'yellow' });
    expect(transactionStatus({ status: 'succeeded', refundedAmount: 0 })).toEqual({ label: 'succeeded', color: 'teal' });
    expect(transactionStatus({ status: 'refunded', refundedAmount: 19 })).toEqual({ label: 'refunded', color: 'gray' });
  });

  it('labels plans with their period', () => {
    expect(planOptionLabel({ planName: 'Pro', price: 49, period: 'monthly' })).toBe('Pro (Monthly)');
  });
});
