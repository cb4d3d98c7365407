import { hashToken } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, cookieHeader, type TestApp } from './test-app.ts';

const chromeWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('admin sessions on %s', (kind) => {
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
    admin = await adminAs(t, 'support');
  });

  const signIn = async (app: TestApp['app'], email: string, remoteAddress: string, userAgent: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/auth/dev', payload: { email, name: 'Test Person' }, remoteAddress, headers: { 'user-agent': userAgent, ...headers } });
    expect(res.statusCode).toBe(200);
    return cookieHeader(res);
  };

  it('stores the country and city of a sign-in from the offline GeoIP database (nothing for private addresses)', async () => {
    // 81.2.69.142 is London, GB in the bundled DB-IP Lite database (checked in packages/core/src/geo).
    await signIn(t.app, 'ada@example.com', '81.2.69.142', chromeWindows);
    await signIn(t.app, 'lan@example.com', '192.168.1.20', chromeWindows);
    const rows = await t.db.db
      .selectFrom('user_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.email', 's.ip', 's.country', 's.city'])
      .orderBy('u.email')
      .execute();
    expect(rows).toEqual([
      { email: 'ada@example.com', ip: '81.2.69.142', country: 'GB', city: 'London' },
      { email: 'lan@example.com', ip: '192.168.1.20', country: null, city: null },
    ]);
  });

  it("believes Cloudflare's location headers only when TRUSTED_PROXY_GEO=cloudflare", async () => {
    const cf = { 'cf-ipcountry': 'DE', 'cf-ipcity': 'Berlin' };
    await signIn(t.app, 'spoof@example.com', '81.2.69.142', chromeWindows, cf);
    const proxied = await buildTestApp(kind, { TRUSTED_PROXY_GEO: 'cloudflare' }, t.db, { work: false });
    try {
      await signIn(proxied.app, 'berlin@example.com', '81.2.69.142', chromeWindows, cf);
      await signIn(proxied.app, 'nocf@example.com', '81.2.69.142', chromeWindows);
    } finally {
      await proxied.close();
    }
    const rows = await t.db.db
      .selectFrom('user_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.email', 's.country', 's.city'])
      .orderBy('u.email')
      .execute();
    expect(rows).toEqual([
      { email: 'berlin@example.com', country: 'DE', city: 'Berlin' },
      { email: 'nocf@example.com', country: 'GB', city: 'London' },
      { email: 'spoof@example.com', country: 'GB', city: 'London' },
    ]);
  });

  it('lists active sessions and at most 10 that ended in the last 24 hours, with device, browser and OS', async () => {
    await signIn(t.app, 'ada@example.com', '81.2.69.142', chromeWindows);
    t.clock.advance(1000);
    await signIn(t.app, 'grace@example.com', '10.0.0.5', safariIphone);
    const ada = await t.db.db.selectFrom('users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    const now = t.clock.now().getTime();
    const past = (i: number, loginHoursAgo: number, ended: Date | null, expires: Date) =>
      t.db.db
        .insertInto('user_sessions')
        .values({ user_id: ada.id, token_hash: hashToken(`old-${i}`), user_agent: 'curl/8.5.0', ip: null, country: null, city: null, login_at: new Date(now - loginHoursAgo * HOUR), last_activity_at: new Date(now - loginHoursAgo * HOUR), expires_at: expires, ended_at: ended, end_reason: ended ? 'logout' : null })
        .execute();
    // Twelve logouts 1..12 hours ago, one 25 hours ago, and one that expired 30 minutes ago without a logout.
    for (let i = 1; i <= 12; i += 1) await past(i, i + 1, new Date(now - i * HOUR), new Date(now + 10 * HOUR));
    await past(13, 30, new Date(now - 25 * HOUR), new Date(now + 10 * HOUR));
    await past(14, 5, null, new Date(now - HOUR / 2));

    const call = await adminCaller(t, admin.token);
    const sessions = await call.admin.sessions.list();
    const active = sessions.filter((s) => s.isActive);
    const recent = sessions.filter((s) => !s.isActive);
    expect(active.map((s) => s.user.email)).toEqual(['grace@example.com', 'ada@example.com']);
    expect(active[0]).toMatchObject({ deviceType: 'mobile', browser: 'Safari', os: 'iOS', country: null, city: null, endedAt: null, user: { name: 'Test Person', avatarUrl: null } });
    expect(active[1]).toMatchObject({ deviceType: 'desktop', browser: 'Chrome', os: 'Windows', country: 'GB', city: 'London', userAgent: chromeWindows });
    expect(recent).toHaveLength(10);
    // Newest first: the expired one (30 min), then logouts 1..9 hours ago.
    expect(recent.map((s) => Math.round((now - s.endedAt!.getTime()) / 60_000))).toEqual([30, 60, 120, 180, 240, 300, 360, 420, 480, 540]);
    expect(recent[1]).toMatchObject({ browser: 'Unknown', os: 'Unknown', deviceType: 'desktop' });

    const rest = await admin.call('GET', '/api/admin/sessions');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toHaveLength(12);
    expect(rest.json()[1]).toMatchObject({ isActive: true, country: 'GB', city: 'London', loginAt: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sessions' })).statusCode).toBe(401);
  });
});
