import { testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInWithIdentity } from '../auth/customer-sessions.ts';
import { createSeededTestDatabase, testClock, testDeps, type TestClock } from '../testing.ts';
import { getCurrentSubscription } from './subscriptions.ts';
import { consumeVideoCredit } from './usage.ts';

const meta = { userAgent: null, ip: null, country: null, city: null };

describe.each(testDatabaseKinds())('video credits on %s', (kind) => {
  let t: TestDatabase;
  let clock: TestClock;
  let userId: string;
  beforeAll(async () => {
    t = await createSeededTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = testClock();
    const signed = await signInWithIdentity(testDeps(t.db, clock), { googleSub: null, email: 'c@example.com', firstName: 'C', lastName: null, profileImageUrl: null }, meta, { sessionTtlSeconds: 3600, registrationEnabled: true });
    userId = signed.user.id;
  });
  const consume = () => t.db.transaction().execute((trx) => consumeVideoCredit(testDeps(t.db, clock), trx, userId));

  it('gives the Free plan one video in its lifetime, then refuses with the upgrade message', async () => {
    await consume();
    await expect(consume()).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: "You've already created your free video. To create more videos, upgrade your subscription.",
      reason: 'free_limit',
    });
    const current = await getCurrentSubscription(testDeps(t.db, clock), userId);
    expect(current).toMatchObject({ documentsUsed: 1, dailyVideoCount: 1, canCreateProject: false, createBlockedReason: 'free_limit' });
  });

  it('stops at the daily cap set in the back-office and counts per UTC day', async () => {
    await t.db.updateTable('subscriptions').set({ bonus_credits: 100 }).execute();
    await t.db.updateTable('system_settings').set({ value: sql`jsonb_set(value, '{maxVideosPerDay}', '2')` }).where('key', '=', 'general').execute();
    await consume();
    await consume();
    await expect(consume()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'daily_limit' });
    clock.advance(24 * 3600_000);
    await expect(consume()).resolves.toBeUndefined();
  });

  it('applies the specification daily cap of 1000 by default', async () => {
    const current = await getCurrentSubscription(testDeps(t.db, clock), userId);
    expect(current.dailyVideoLimit).toBe(1000);
  });

  it('refuses a customer without a subscription in force', async () => {
    await t.db.updateTable('subscriptions').set({ status: 'expired' }).execute();
    await expect(consume()).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', reason: 'inactive' });
    await t.db.deleteFrom('subscriptions').execute();
    await expect(consume()).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', reason: 'no_subscription' });
  });

  it('leaves nothing counted when the surrounding work fails', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await consumeVideoCredit(testDeps(t.db, clock), trx, userId);
        throw new Error('render queue unavailable');
      }),
    ).rejects.toThrow('render queue unavailable');
    const current = await getCurrentSubscription(testDeps(t.db, clock), userId);
    expect(current).toMatchObject({ documentsUsed: 0, dailyVideoCount: 0 });
  });
});
