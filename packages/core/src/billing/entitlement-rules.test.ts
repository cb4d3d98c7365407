import { describe, expect, it } from 'vitest';
import { decideCreateProject, documentLimit, effectiveStatus, isEntitled, type EntitlementInput } from './entitlement-rules.ts';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-12-22T12:00:00Z');
const earlier = new Date('2026-10-22T12:00:00Z');

const base: EntitlementInput = {
  now,
  subscription: { status: 'active', endDate: later, documentsUsed: 0, bonusCredits: 0 },
  plan: { billingInterval: 'monthly', videoLimit: 10 },
  dailyVideoCount: 0,
  dailyVideoLimit: 1000,
  projectCount: 0,
  projectLimit: 50,
};

describe('effective status', () => {
  it('expires a period that ended without renewal', () => {
    expect(effectiveStatus('active', earlier, now)).toBe('expired');
    expect(effectiveStatus('cancelled', earlier, now)).toBe('expired');
    expect(effectiveStatus('active', later, now)).toBe('active');
    expect(effectiveStatus('active', null, now)).toBe('active');
  });

  it('keeps a cancelled subscription entitled until its paid period ends', () => {
    expect(isEntitled('cancelled', later, now)).toBe(true);
    expect(isEntitled('cancelled', earlier, now)).toBe(false);
    expect(isEntitled('past_due', later, now)).toBe(false);
    expect(isEntitled('pending', later, now)).toBe(false);
    expect(isEntitled('trialing', later, now)).toBe(true);
  });
});

describe('creating a project', () => {
  it('is allowed within the plan', () => {
    expect(decideCreateProject(base)).toEqual({ allowed: true, reason: null });
  });

  it('needs a subscription', () => {
    expect(decideCreateProject({ ...base, subscription: null, plan: null }).reason).toBe('no_subscription');
  });

  it('needs the subscription to be in force', () => {
    expect(decideCreateProject({ ...base, subscription: { ...base.subscription!, status: 'expired' } }).reason).toBe('inactive');
    expect(decideCreateProject({ ...base, subscription: { ...base.subscription!, endDate: earlier } }).reason).toBe('inactive');
  });

  it('gives the Free plan one video in its lifetime', () => {
    const free = { ...base, plan: { billingInterval: 'free' as const, videoLimit: 1 }, subscription: { ...base.subscription!, endDate: null } };
    expect(decideCreateProject(free).allowed).toBe(true);
    expect(decideCreateProject({ ...free, subscription: { ...free.subscription, documentsUsed: 1 } }).reason).toBe('free_limit');
  });

  it('counts admin-added credits on top of the quota', () => {
    const used = { ...base, subscription: { ...base.subscription!, documentsUsed: 10 } };
    expect(decideCreateProject(used).reason).toBe('quota');
    expect(decideCreateProject({ ...used, subscription: { ...used.subscription, bonusCredits: 2 } }).allowed).toBe(true);
    expect(documentLimit(10, 2)).toBe(12);
  });

  it('never runs out on an unlimited plan', () => {
    expect(decideCreateProject({ ...base, plan: { billingInterval: 'monthly', videoLimit: null }, subscription: { ...base.subscription!, documentsUsed: 10_000 } }).allowed).toBe(true);
    expect(documentLimit(null, 5)).toBeNull();
  });

  it('stops at the daily cap and the project limit', () => {
    expect(decideCreateProject({ ...base, dailyVideoCount: 1000 }).reason).toBe('daily_limit');
    expect(decideCreateProject({ ...base, projectCount: 50 }).reason).toBe('project_limit');
  });
});
