import { hashToken } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// A fixed instant after the real one, so rows the database stamps itself (tokens) stay consistent with it.
const NOW = new Date('2027-02-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

// Overview numbers over a hand-built data set; every expected number below is counted by hand.
describe.each(testDatabaseKinds())('admin overview and funnels on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    await t.db.reset();
    t.clock.set(NOW);
    admin = await adminAs(t, 'support');
    const db = t.db.db;
    const plans = await db.selectFrom('plans').select(['id', 'code']).execute();
    const plan = (code: string) => plans.find((p) => p.code === code)!.id;
    const user = async (email: string, createdAt: Date) =>
      (await db.insertInto('users').values({ email, first_name: email.split('@')[0]!, created_at: createdAt }).returning('id').executeTakeFirstOrThrow()).id;
    // u4 signed up before the 30-day window; the others inside it.
    const u1 = await user('u1@example.com', ago(2 * DAY));
    const u2 = await user('u2@example.com', ago(10 * DAY));
    const u3 = await user('u3@example.com', ago(20 * DAY));
    const u4 = await user('u4@example.com', ago(40 * DAY));
    const u5 = await user('u5@example.com', ago(5 * DAY));
    const created = { u1: ago(2 * DAY), u2: ago(10 * DAY), u3: ago(20 * DAY), u4: ago(40 * DAY), u5: ago(5 * DAY) };

    // Free is never a conversion: u1 stays on it; the converters' Free ended when they paid (one live subscription each).
    for (const [id, at, live] of [[u1, created.u1, true], [u2, created.u2, false], [u3, created.u3, false], [u4, created.u4, false]] as const) {
      await db.insertInto('subscriptions').values({ user_id: id, plan_id: plan('free'), status: live ? 'active' : 'expired', start_date: at, created_at: at }).execute();
    }
    const sub = (userId: string, code: string, status: 'active' | 'trialing' | 'pending' | 'cancelled', start: Date, end: Date | null) =>
      db.insertInto('subscriptions').values({ user_id: userId, plan_id: plan(code), status, start_date: start, end_date: end, created_at: start }).execute();
    // u2 converts 6 h after sign-up (and again later: the first one counts); u3 after 30 h, since cancelled.
    await sub(u2, 'pro-monthly', 'active', new Date(created.u2.getTime() + 6 * HOUR), new Date(NOW.getTime() + 20 * DAY));
    await sub(u2, 'business-monthly', 'cancelled', new Date(created.u2.getTime() + 50 * HOUR), ago(DAY));
    await sub(u3, 'starter-monthly', 'cancelled', new Date(created.u3.getTime() + 30 * HOUR), new Date(NOW.getTime() + 5 * DAY));
    // u5 only opened a checkout; u4 (outside the window) trials Business.
    await sub(u5, 'pro-monthly', 'pending', ago(4 * DAY), null);
    await sub(u4, 'business-monthly', 'trialing', new Date(created.u4.getTime() + HOUR), new Date(NOW.getTime() + 3 * DAY));

    // Revenue: 49.00 + (19.00 − 5.00) + (99.00 − 99.00) = 63.00; failed and pending payments do not count.
    const tx = (userId: string, cents: number, refunded: number, status: 'succeeded' | 'partially_refunded' | 'refunded' | 'failed' | 'pending') =>
      db.insertInto('transactions').values({ user_id: userId, amount_cents: cents, refunded_cents: refunded, status, transaction_date: ago(DAY) }).execute();
    await tx(u2, 4900, 0, 'succeeded');
    await tx(u3, 1900, 500, 'partially_refunded');
    await tx(u4, 9900, 9900, 'refunded');
    await tx(u5, 4900, 0, 'failed');
    await tx(u1, 1900, 0, 'pending');

    // Activity in the last 7 days: u1 and u3 (twice); u2's last activity is 8 days old.
    const session = (userId: string, lastActivity: Date, hash: string) =>
      db.insertInto('user_sessions').values({ user_id: userId, token_hash: hashToken(hash), user_agent: null, ip: null, country: null, city: null, login_at: ago(9 * DAY), last_activity_at: lastActivity, expires_at: new Date(NOW.getTime() + DAY) }).execute();
    await session(u1, ago(HOUR), 'h1');
    await session(u2, ago(8 * DAY), 'h2');
    await session(u3, ago(3 * DAY), 'h3');
    await session(u3, ago(2 * DAY), 'h4');

    // Projects and the step each reached: P1 1, P2 2, P3 3 (media made), P4 5 (scene videos made), P5 6, P6 4; P7 is 45 days old.
    const project = (userId: string, title: string, status: 'Draft' | 'MediaGenerated' | 'LipSynced' | 'Merged', step: number, createdAt: Date) =>
      db.insertInto('projects').values({ user_id: userId, title, status, current_step: step, created_at: createdAt }).execute();
    await project(u1, 'P1', 'Draft', 1, ago(2 * HOUR));
    await project(u1, 'P2', 'Draft', 2, ago(DAY));
    await project(u2, 'P3', 'MediaGenerated', 2, ago(9 * DAY));
    await project(u2, 'P4', 'LipSynced', 4, ago(8 * DAY));
    await project(u3, 'P5', 'Merged', 6, ago(15 * DAY));
    await project(u3, 'P6', 'Draft', 4, ago(19 * DAY));
    await project(u4, 'P7', 'Merged', 6, ago(45 * DAY));
  });

  it('counts users, revenue, paid subscriptions and projects for the range', async () => {
    const call = await adminCaller(t, admin.token);
    expect(await call.admin.stats.get({ timeRange: '7days' })).toEqual({
      users: { total: 5, new: 2, active: 2 },
      subscriptions: { totalRevenue: 63, activeSubscriptions: 2 },
      projects: { total: 7, today: 1 },
    });
    // Today (since UTC midnight): nobody new; only u1 was active.
    expect((await call.admin.stats.get({ timeRange: 'today' })).users).toEqual({ total: 5, new: 0, active: 1 });
    expect((await call.admin.stats.get({ timeRange: '90days' })).users).toEqual({ total: 5, new: 5, active: 3 });
  });

  it('builds the six-step project funnel over projects created in the range', async () => {
    const call = await adminCaller(t, admin.token);
    const month = await call.admin.analytics.projectFunnel({ timeRange: 'month' });
    expect(month.totalStarted).toBe(6);
    expect(month.overallCompletion).toBe(16.7);
    expect(month.steps).toEqual([
      { step: 'Script & Scenes', count: 6, uniqueUsers: 3, conversionFromPrevious: 100, conversionFromStart: 100, dropOff: 0 },
      { step: 'Voiceover', count: 5, uniqueUsers: 3, conversionFromPrevious: 83.3, conversionFromStart: 83.3, dropOff: 1 },
      { step: 'Avatar & Setting', count: 4, uniqueUsers: 2, conversionFromPrevious: 80, conversionFromStart: 66.7, dropOff: 1 },
      { step: 'Avatar-Product', count: 3, uniqueUsers: 2, conversionFromPrevious: 75, conversionFromStart: 50, dropOff: 1 },
      { step: 'Video Generation', count: 2, uniqueUsers: 2, conversionFromPrevious: 66.7, conversionFromStart: 33.3, dropOff: 1 },
      { step: 'Merge & Export', count: 1, uniqueUsers: 1, conversionFromPrevious: 50, conversionFromStart: 16.7, dropOff: 1 },
    ]);
    const quarter = await call.admin.analytics.projectFunnel({ timeRange: '3months' });
    expect(quarter.steps.map((s) => [s.count, s.uniqueUsers])).toEqual([[7, 4], [6, 4], [5, 3], [4, 3], [3, 3], [2, 2]]);
    expect(quarter.overallCompletion).toBe(28.6);
    const week = await call.admin.analytics.projectFunnel({ timeRange: 'week' });
    expect(week.steps.map((s) => s.count)).toEqual([2, 1, 0, 0, 0, 0]);
  });

  it('measures sign-up to paid subscription with the median time in hours', async () => {
    const call = await adminCaller(t, admin.token);
    // Cohort u1, u2, u3, u5; converted u2 (6 h) and u3 (30 h): the median of 6 and 30 is 18.
    expect(await call.admin.analytics.signupFunnel({ timeRange: 'month' })).toEqual({ signups: 4, subscriptions: 2, conversionRate: 50, medianTimeToConvert: 18 });
    // Adding u4 (1 h): median of 1, 6, 30 is 6.
    expect(await call.admin.analytics.signupFunnel({ timeRange: '3months' })).toEqual({ signups: 5, subscriptions: 3, conversionRate: 60, medianTimeToConvert: 6 });
    expect(await call.admin.analytics.signupFunnel({ timeRange: 'week' })).toEqual({ signups: 2, subscriptions: 0, conversionRate: 0, medianTimeToConvert: null });
  });

  it('answers the same over the REST paths, validates ranges, and refuses calls without a token', async () => {
    const stats = await admin.call('GET', '/api/admin/stats?timeRange=7days');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().subscriptions).toEqual({ totalRevenue: 63, activeSubscriptions: 2 });
    const funnel = await admin.call('GET', '/api/admin/analytics/project-funnel?timeRange=month');
    expect(funnel.json()).toMatchObject({ totalStarted: 6, overallCompletion: 16.7 });
    const signup = await admin.call('GET', '/api/admin/analytics/signup-subscription-funnel?timeRange=month');
    expect(signup.json()).toEqual({ signups: 4, subscriptions: 2, conversionRate: 50, medianTimeToConvert: 18 });
    expect((await admin.call('GET', '/api/admin/stats?timeRange=forever')).statusCode).toBe(400);
    for (const url of ['/api/admin/stats?timeRange=7days', '/api/admin/analytics/project-funnel', '/api/admin/analytics/signup-subscription-funnel']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ requiresReauth: true });
    }
  });
});
