import { describe, expect, it } from 'vitest';
import { canCancel, canRefund, planOptionLabel, planPriceText, refundableAmount, refundAmountProblem, subscriptionStatus, transactionStatus } from './subscription-labels.ts';

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

describe('refundAmountProblem', () => {
  it("refuses more than is left with the server's words, and nothing else", () => {
    expect(refundAmountProblem(38.5, 38.5, 'usd')).toBeNull();
    expect(refundAmountProblem('', 38.5, 'usd')).toBeNull();
    expect(refundAmountProblem(0.01, 38.5, 'usd')).toBeNull();
    expect(refundAmountProblem(38.51, 38.5, 'usd')).toBe('The refund cannot exceed what remains to refund (38.50 USD).');
    expect(refundAmountProblem('1000', 38.5, 'USD')).toBe('The refund cannot exceed what remains to refund (38.50 USD).');
    // 0.1 + 0.2 style floats do not trip the limit.
    expect(refundAmountProblem(0.30000000000000004, 0.3, 'usd')).toBeNull();
  });
});

describe('canCancel', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('offers Cancel while the subscription runs, or to end a period-end cancellation now', () => {
    expect(canCancel({ status: 'active', endDate: null }, now)).toBe(true);
    expect(canCancel({ status: 'past_due', endDate: null }, now)).toBe(true);
    expect(canCancel({ status: 'cancelled', endDate: new Date('2026-12-01T00:00:00Z') }, now)).toBe(true);
    expect(canCancel({ status: 'cancelled', endDate: new Date('2026-11-27T11:00:00Z') }, now)).toBe(false);
    expect(canCancel({ status: 'expired', endDate: null }, now)).toBe(false);
    expect(canCancel({ status: 'pending', endDate: null }, now)).toBe(false);
  });
});
