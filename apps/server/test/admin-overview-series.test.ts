import { overviewRangeMessages } from '@reelsmith/shared';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Late in the UTC day, so a row stamped "today" at 23:30 UTC is still today and one at 00:10 the day after is not.
const NOW = new Date('2027-02-10T23:40:00Z');
const at = (iso: string) => new Date(iso);

// The Overview charts over a hand-built data set: every bucket is counted by hand below.
describe.each(testDatabaseKinds())('admin overview charts on %s', (kind) => {
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
    const user = async (email: string, createdAt: Date) => (await db.insertInto('users').values({ email, created_at: createdAt }).returning('id').executeTakeFirstOrThrow()).id;
    // Signups: Feb 4 (two, one just after midnight UTC), Feb 8, Feb 10 (at 23:30); Jan 1 is outside the week.
    const u1 = await user('a@example.com', at('2027-02-04T00:05:00Z'));
    const u2 = await user('b@example.com', at('2027-02-04T22:00:00Z'));
    await user('c@example.com', at('2027-02-08T10:00:00Z'));
    await user('d@example.com', at('2027-02-10T23:30:00Z'));
    await user('e@example.com', at('2027-01-01T10:00:00Z'));
    // Revenue: Feb 5 49.00 and 19.00 − 5.00 refunded; Feb 9 99.00 fully refunded (0); failed and pending never count.
    const tx = (userId: string, cents: number, refunded: number, status: 'succeeded' | 'partially_refunded' | 'refunded' | 'failed' | 'pending', date: string) =>
      db.insertInto('transactions').values({ user_id: userId, amount_cents: cents, refunded_cents: refunded, status, transaction_date: at(date) }).execute();
    await tx(u1, 4900, 0, 'succeeded', '2027-02-05T09:00:00Z');
    await tx(u2, 1900, 500, 'partially_refunded', '2027-02-05T23:59:00Z');
    await tx(u2, 9900, 9900, 'refunded', '2027-02-09T12:00:00Z');
    await tx(u1, 4900, 0, 'failed', '2027-02-06T12:00:00Z');
    await tx(u1, 4900, 0, 'pending', '2027-02-07T12:00:00Z');
    // Projects: two on Feb 6, one on Feb 10; videos: one final merge finished Feb 7, a failed one and a scene video do not count.
    const project = async (createdAt: string) => (await db.insertInto('projects').values({ user_id: u1, title: 'P', created_at: at(createdAt) }).returning('id').executeTakeFirstOrThrow()).id;
    const p1 = await project('2027-02-06T08:00:00Z');
    await project('2027-02-06T20:00:00Z');
    await project('2027-02-10T01:00:00Z');
    const job = (kind: 'final' | 'videos', status: 'succeeded' | 'dead', finished: string) =>
      db.insertInto('generation_jobs').values({ project_id: p1, user_id: u1, kind, status, input: JSON.stringify({}), finished_at: at(finished) }).execute();
    await job('final', 'succeeded', '2027-02-07T15:00:00Z');
    await job('final', 'dead', '2027-02-07T16:00:00Z');
    await job('videos', 'succeeded', '2027-02-07T14:00:00Z');
  });

  it('counts each series per UTC day over the last 7 days, empty days as 0', async () => {
    const call = await adminCaller(t, admin.token);
    const week = await call.admin.stats.series({ range: '7d' });
    expect(week).toMatchObject({ from: '2027-02-04', to: '2027-02-10', bucket: 'day' });
    expect(week.points).toEqual([
      { date: '2027-02-04', signups: 2, revenue: 0, projects: 0, videos: 0 },
      { date: '2027-02-05', signups: 0, revenue: 63, projects: 0, videos: 0 },
      { date: '2027-02-06', signups: 0, revenue: 0, projects: 2, videos: 0 },
      { date: '2027-02-07', signups: 0, revenue: 0, projects: 0, videos: 1 },
      { date: '2027-02-08', signups: 1, revenue: 0, projects: 0, videos: 0 },
      { date: '2027-02-09', signups: 0, revenue: 0, projects: 0, videos: 0 },
      { date: '2027-02-10', signups: 1, revenue: 0, projects: 1, videos: 0 },
    ]);
  });

  it('takes a custom range of past dates, both ends included', async () => {
    const call = await adminCaller(t, admin.token);
    const range = await call.admin.stats.series({ from: '2027-02-05', to: '2027-02-06' });
    expect(range.points.map((p) => [p.date, p.signups, p.revenue, p.projects])).toEqual([
      ['2027-02-05', 0, 63, 0],
      ['2027-02-06', 0, 0, 2],
    ]);
    // The KPI cards follow the same days: two signups on Feb 4 only.
    expect((await call.admin.stats.get({ timeRange: '30days', from: '2027-02-04', to: '2027-02-04' })).users).toMatchObject({ total: 5, new: 2 });
  });

  it('buckets a long range per week (from Monday) and a longer one per month', async () => {
    const call = await adminCaller(t, admin.token);
    const weeks = await call.admin.stats.series({ from: '2026-12-28', to: '2027-02-10' });
    // 45 days is still per day; 100 days is per week.
    expect(weeks.bucket).toBe('day');
    const quarter = await call.admin.stats.series({ from: '2026-11-03', to: '2027-02-10' });
    expect(quarter.bucket).toBe('week');
    // Weeks start on Monday: Feb 1 holds Feb 4, 5, 6, 7; Feb 8 holds Feb 8, 9, 10; Dec 28 holds Jan 1.
    const byWeek = Object.fromEntries(quarter.points.map((p) => [p.date, [p.signups, p.revenue, p.projects, p.videos]]));
    expect(quarter.points[0]!.date).toBe('2026-11-02');
    expect(quarter.points).toHaveLength(15);
    expect(byWeek['2027-02-01']).toEqual([2, 63, 2, 1]);
    expect(byWeek['2027-02-08']).toEqual([2, 0, 1, 0]);
    expect(byWeek['2026-12-28']).toEqual([1, 0, 0, 0]);
    expect(byWeek['2026-11-30']).toEqual([0, 0, 0, 0]);
    const year = await call.admin.stats.series({ from: '2025-03-01', to: '2027-02-10' });
    expect(year.bucket).toBe('month');
    expect(year.points).toHaveLength(24);
    expect(year.points.at(-1)).toEqual({ date: '2027-02-01', signups: 4, revenue: 63, projects: 3, videos: 1 });
    expect(year.points.at(-2)).toEqual({ date: '2027-01-01', signups: 1, revenue: 0, projects: 0, videos: 0 });
    // The monthly buckets add up to the revenue card.
    expect(year.points.reduce((sum, p) => sum + p.revenue, 0)).toBe((await call.admin.stats.get({ timeRange: '30days' })).subscriptions.totalRevenue);
  });

  it('refuses bad ranges with 400 and the rule, never 500', async () => {
    const cases: [string, string][] = [
      ['/api/admin/stats/series?from=2027-02-10&to=2027-02-01', overviewRangeMessages.order],
      ['/api/admin/stats/series?from=2024-01-01&to=2027-02-01', overviewRangeMessages.tooLong],
      ['/api/admin/stats/series?from=2027-02-01&to=2027-02-11', overviewRangeMessages.future],
      ['/api/admin/stats/series?from=2027-02-30&to=2027-03-01', overviewRangeMessages.badDate],
      ['/api/admin/stats/series?from=2027-02-01', overviewRangeMessages.bothDates],
      [`/api/admin/stats/series?from=${encodeURIComponent('<script>"\u202e')}&to=2027-02-01`, overviewRangeMessages.badDate],
      [`/api/admin/stats/series?from=${'9'.repeat(10_000)}&to=2027-02-01`, overviewRangeMessages.badDate],
      ['/api/admin/stats?from=2027-02-01&to=2027-02-11', overviewRangeMessages.future],
    ];
    for (const [url, message] of cases) {
      const res = await admin.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
    const ok = await admin.call('GET', '/api/admin/stats/series?range=7d');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().points).toHaveLength(7);
    expect((await admin.call('GET', '/api/admin/stats/series?range=forever')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats/series?range=7d' })).statusCode).toBe(401);
  });
});
