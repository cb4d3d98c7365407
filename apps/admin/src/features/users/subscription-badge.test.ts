import { describe, expect, it } from 'vitest';
import { subscriptionBadge, subscriptionStatusLabel } from './subscription-badge.ts';

describe('subscriptionBadge', () => {
  it('follows the spec §4 badge rules', () => {
    expect(subscriptionBadge(null).label).toBe('Free');
    expect(subscriptionBadge(undefined).label).toBe('Free');
    expect(subscriptionBadge({ plan: 'Free', status: 'active' }).label).toBe('Free');
    expect(subscriptionBadge({ plan: 'Pro', status: 'active' }).label).toBe('Active');
    expect(subscriptionBadge({ status: 'active' }).label).toBe('Active');
    expect(subscriptionBadge({ status: 'cancelled' }).label).toBe('Cancelled');
    expect(subscriptionBadge({ status: 'canceled' }).label).toBe('Cancelled');
    expect(subscriptionBadge({ status: 'pending' }).label).toBe('Trial');
    expect(subscriptionBadge({ status: 'trialing' }).label).toBe('Trial');
  });

  it('shows Unknown for any other status', () => {
    expect(subscriptionBadge({ status: 'past_due' }).label).toBe('Unknown');
    expect(subscriptionBadge({ status: 'expired' }).label).toBe('Unknown');
    expect(subscriptionBadge({ status: '' }).label).toBe('Unknown');
  });
});

describe('subscriptionStatusLabel', () => {
  it('names the stored statuses', () => {
    expect(subscriptionStatusLabel('past_due')).toBe('Past Due');
    expect(subscriptionStatusLabel('trialing')).toBe('Trial');
    expect(subscriptionStatusLabel('weird')).toBe('weird');
  });
});
