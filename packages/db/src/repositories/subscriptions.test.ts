import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingInterval, SubscriptionStatus } from '../schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts';
import {
  adjustSubscriptionRow,
  expireLiveSubscriptions,
  findCurrentAdminSubscriptionRow,
  findCurrentSubscriptionRow,
  insertSubscription,
  listCurrentSubscriptionRows,
} from './subscriptions.ts';
import { insertUser } from './users.ts';

describe.each(testDatabaseKinds())('subscriptions repository on %s', (kind) => {
  let t: TestDatabase;
  let userId: string;
  let freePlan: string;
  let paidPlan: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const plan = async (code: string, interval: BillingInterval) =>
    (await t.db.insertInto('plans').values({ code, name: code, billing_interval: interval, price_cents: interval === 'free' ? 0 : 900, max_reel_seconds: 30 }).returning('id').executeTakeFirstOrThrow()).id;
  const customer = async (email: string) => (await insertUser(t.db, { googleSub: null, email, firstName: null, lastName: null, profileImageUrl: null })).id;
  const subscription = (user: string, planId: string, status: SubscriptionStatus, createdAt: string, extra: { start?: string; external?: string } = {}) =>
    t.db
      .insertInto('subscriptions')
      .values({ user_id: user, plan_id: planId, status, start_date: extra.start ?? createdAt, created_at: createdAt, stripe_subscription_id: extra.external ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  beforeEach(async () => {
    await t.reset();
    freePlan = await plan('free', 'free');
    paidPlan = await plan('pro', 'monthly');
    userId = await customer('sub@example.com');
  });

  it('reads a live subscription before a newer ended one, and the newest when none is live', async () => {
    const live = await subscription(userId, freePlan, 'active', '2026-01-01T00:00:00Z');
    await subscription(userId, paidPlan, 'expired', '2026-02-01T00:00:00Z');
    expect((await findCurrentSubscriptionRow(t.db, userId))?.id).toBe(live);
    await t.db.updateTable('subscriptions').set({ status: 'expired' }).where('id', '=', live).execute();
    expect((await findCurrentSubscriptionRow(t.db, userId))?.plan_id).toBe(paidPlan);

    const other = await customer('other@example.com');
    await subscription(other, paidPlan, 'past_due', '2026-01-01T00:00:00Z');
    await subscription(other, freePlan, 'expired', '2026-03-01T00:00:00Z');
    const rows = await listCurrentSubscriptionRows(t.db, [userId, other]);
    expect(rows.map((r) => [r.user_id, r.name, r.status])).toEqual(
      expect.arrayContaining([[userId, 'pro', 'expired'], [other, 'pro', 'past_due']]),
    );
    expect(rows).toHaveLength(2);
  });

  it('shows the back-office a paid subscription before a live Free one', async () => {
    await subscription(userId, freePlan, 'active', '2026-03-01T00:00:00Z');
    const paid = await subscription(userId, paidPlan, 'expired', '2026-01-01T00:00:00Z');
    expect((await findCurrentAdminSubscriptionRow(t.db, userId))?.id).toBe(paid);
  });

  it('ends only the live subscription of the user, never before its start, and answers its provider id', async () => {
    const at = new Date('2026-05-01T00:00:00Z');
    const startsLater = await subscription(userId, paidPlan, 'active', '2026-04-01T00:00:00Z', { start: '2026-06-01T00:00:00Z', external: 'sub_a' });
    const cancelled = await subscription(userId, paidPlan, 'cancelled', '2026-03-01T00:00:00Z', { external: 'sub_c' });
    const other = await customer('other@example.com');
    const othersLive = await subscription(other, freePlan, 'trialing', '2026-04-01T00:00:00Z');
    expect(await expireLiveSubscriptions(t.db, userId, at)).toEqual(['sub_a']);
    const read = async (id: string) => t.db.selectFrom('subscriptions').select(['status', 'end_date']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await read(startsLater)).toEqual({ status: 'expired', end_date: new Date('2026-06-01T00:00:00Z') });
    expect(await read(cancelled)).toEqual({ status: 'cancelled', end_date: null });
    expect(await read(othersLive)).toEqual({ status: 'trialing', end_date: null });
    expect(await expireLiveSubscriptions(t.db, other, at)).toEqual([null]);
    expect(await read(othersLive)).toEqual({ status: 'expired', end_date: at });
  });

  it('adds bonus credits to what is stored and answers the row as it is now', async () => {
    const id = await insertSubscription(t.db, { user_id: userId, plan_id: paidPlan, status: 'active', start_date: new Date() });
    await adjustSubscriptionRow(t.db, id, {}, { addBonusCredits: 2 });
    const updated = await adjustSubscriptionRow(t.db, id, { plan_id: freePlan }, { addBonusCredits: 3 });
    expect(updated).toMatchObject({ bonus_credits: 5, plan_id: freePlan, end_date: null });
  });
});
