import { describe, expect, it } from 'vitest';
import { generationMessages, projectMessages, type CurrentSubscription } from '@reelsmith/shared';
import { downloadLockedMessage, downloadRefusal, entitlementsOf, qualityRefusal, reelTimeRefusal, renderSettings, specFreeRules } from './entitlements.ts';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-12-22T12:00:00Z');
const earlier = new Date('2026-10-22T12:00:00Z');

const pro: CurrentSubscription = {
  subscriptionId: 's', planId: 'p', planName: 'Pro', isFreeUser: false, status: 'active', startDate: earlier, endDate: later,
  cancelAtPeriodEnd: false, documentLimit: 10, documentsUsed: 0, allowDownload: true, maxReelSeconds: 55,
  allowedQualities: ['standard', 'high'], watermark: false, dailyVideoCount: 0, dailyVideoLimit: 1000, canCreateProject: true, createBlockedReason: null,
};
const free: CurrentSubscription = {
  ...pro, planName: 'Free', isFreeUser: true, endDate: null, documentLimit: 1, allowDownload: false, maxReelSeconds: 20, allowedQualities: ['standard'], watermark: true,
};

describe('entitlements', () => {
  it('gives a paying plan its own rules', () => {
    const e = entitlementsOf(pro, now);
    expect(e).toMatchObject({ planName: 'Pro', maxReelSeconds: 55, qualities: ['standard', 'high'], watermark: false, allowDownload: true });
    expect(renderSettings(e, 'high')).toEqual({ quality: 'high', watermark: false });
    expect(reelTimeRefusal(e, 55)).toBeNull();
    expect(downloadRefusal(e)).toBeNull();
  });

  it('refuses Free what the spec locks, with the spec messages', () => {
    const e = entitlementsOf(free, now);
    expect(reelTimeRefusal(e, 20)).toBeNull();
    expect(reelTimeRefusal(e, 21)?.message).toBe(projectMessages.reelTimeLocked(20));
    expect(qualityRefusal(e, 'high')?.message).toBe(generationMessages.hdLocked);
    expect(qualityRefusal(e, 'high')?.status).toBe(402);
    expect(renderSettings(e, 'standard')).toEqual({ quality: 'standard', watermark: true });
    expect(downloadRefusal(e)?.message).toBe('Upgrade Required: Video downloads are not available on the Free plan');
    expect(downloadRefusal(e)?.status).toBe(403);
  });

  it('falls back to the Free rules when a paid plan no longer pays for work', () => {
    for (const lapsed of [
      { ...pro, status: 'expired' as const },
      { ...pro, endDate: earlier },
      { ...pro, status: 'past_due' as const },
      { ...pro, status: 'pending' as const },
      { ...pro, status: 'cancelled' as const, endDate: earlier },
      { ...pro, status: null, planName: null },
    ]) {
      const e = entitlementsOf(lapsed, now);
      expect(e).toMatchObject({ planName: 'Free', maxReelSeconds: specFreeRules.maxReelSeconds, qualities: ['standard'], watermark: true, allowDownload: false });
      expect(() => renderSettings(e, 'high')).toThrow(generationMessages.hdLocked);
    }
    // Cancelled within the paid period still pays.
    expect(entitlementsOf({ ...pro, status: 'cancelled' }, now).allowDownload).toBe(true);
  });

  it('names the plan in the download refusal', () => {
    expect(downloadLockedMessage('Starter')).toBe('Upgrade Required: Video downloads are not available on the Starter plan');
  });
});
