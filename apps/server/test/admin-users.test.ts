import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const suspendedMessage = 'Your account has been suspended. Please contact support.';

describe.each(testDatabaseKinds())('admin users on %s', (kind) => {
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
    admin = await adminAs(t, 'support', 'helpdesk@example.com');
  });

  const userId = async (email: string) => (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** Customers created one minute apart (newest last), each with n projects. */
  async function seedCustomers(list: [email: string, first: string | null, last: string | null, projects: number][]) {
    const base = t.clock.now().getTime() - 60 * 60_000;
    for (const [i, [email, first, last, projects]] of list.entries()) {
      const row = await t.db.db
        .insertInto('users')
        .values({ email, first_name: first, last_name: last, created_at: new Date(base + i * 60_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let p = 0; p < projects; p += 1) await t.db.db.insertInto('projects').values({ user_id: row.id, title: `${email} #${p + 1}` }).execute();
    }
  }

  it('lists customers newest first with project counts and subscriptions, paged by 10', async () => {
    await seedCustomers(Array.from({ length: 12 }, (_, i) => [`user${String(i + 1).padStart(2, '0')}@example.com`, `First${i + 1}`, null, i % 3] as [string, string, null, number]));
    const call = await adminCaller(t, admin.token);
    const first = await call.admin.users.list({ page: 1, limit: 10 });
    expect(first.total).toBe(12);
    expect(first.users).toHaveLength(10);
    expect(first).toMatchObject({ hasNextPage: true, hasPrevPage: false });
    expect(first.users[0]).toMatchObject({ email: 'user12@example.com', firstName: 'First12', projectCount: 2, isActive: true, subscription: null });
    const second = await call.admin.users.list({ page: 2, limit: 10 });
    expect(second.users.map((u) => u.email)).toEqual(['user02@example.com', 'user01@example.com']);
    expect(second).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const beyond = await call.admin.users.list({ page: 3, limit: 10 });
    expect(beyond).toEqual({ data: [], users: [], total: 12, page: 3, limit: 10, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    // Exactly one full page: no next page.
    expect(await call.admin.users.list({ page: 2, limit: 6 })).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('searches by e-mail or name case-insensitively, takes wildcards literally, and finds one user by id', async () => {
    await seedCustomers([
      ['ada@example.com', 'Ada', 'Lovelace', 1],
      ['grace@navy.mil', 'Grace', 'Hopper', 0],
      ['alan_t@example.com', null, null, 0],
    ]);
    const call = await adminCaller(t, admin.token);
    const emails = async (search: string) => (await call.admin.users.list({ page: 1, limit: 10, search })).users.map((u) => u.email);
    expect(await emails('LOVELACE')).toEqual(['ada@example.com']);
    expect(await emails('grace hop')).toEqual(['grace@navy.mil']);
    expect(await emails('NAVY.MIL')).toEqual(['grace@navy.mil']);
    expect(await emails('_')).toEqual(['alan_t@example.com']);
    expect(await emails('%')).toEqual([]);
    expect((await emails('   ')).length).toBe(3);
    const ada = await userId('ada@example.com');
    const one = await call.admin.users.list({ page: 1, limit: 10, userId: ada });
    expect(one.users.map((u) => u.id)).toEqual([ada]);
    expect(one.total).toBe(1);
    const rest = await admin.call('GET', `/api/admin/users?userId=${ada}`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().users[0]).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', projectCount: 1 });
    expect((await admin.call('GET', '/api/admin/users?userId=not-a-uuid')).statusCode).toBe(400);
    const none = await admin.call('GET', '/api/admin/users?userId=00000000-0000-4000-8000-000000000000');
    expect(none.json()).toEqual({ data: [], users: [], total: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false, hasPrevPage: false });
  });

  it("shows each customer's current subscription with plan, effective status and expiry", async () => {
    await devSignIn(t.app, 'free@example.com', 'Free Rider');
    const call = await adminCaller(t, admin.token);
    const listed = await call.admin.users.list({ page: 1, limit: 10, search: 'free@' });
    expect(listed.users[0]?.subscription).toEqual({ plan: 'Free', status: 'active', expiresAt: null });
    // A paid period that ended without renewal reads as expired.
    const id = await userId('free@example.com');
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const end = new Date(t.clock.now().getTime() - 60_000);
    await t.db.db.updateTable('subscriptions').set({ status: 'cancelled' }).where('user_id', '=', id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: id, plan_id: pro.id, status: 'active', start_date: new Date(end.getTime() - 86_400_000), end_date: end }).execute();
    const after = await call.admin.users.list({ page: 1, limit: 10, userId: id });
    expect(after.users[0]?.subscription).toEqual({ plan: 'Pro', status: 'expired', expiresAt: end });
  });

  it('suspends a customer: their sessions end at once and their next call is refused; activation lets them sign in again', async () => {
    const cookie = await devSignIn(t.app, 'ada@example.com', 'Ada Lovelace');
    const otherDevice = await devSignIn(t.app, 'ada@example.com', 'Ada Lovelace');
    const bystander = await devSignIn(t.app, 'grace@example.com', 'Grace Hopper');
    const id = await userId('ada@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);

    const res = await admin.call('PATCH', `/api/admin/users/${id}/status`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, isActive: false, endedSessions: 2 });
    const sessions = await t.db.db.selectFrom('user_sessions').select(['ended_at', 'end_reason']).where('user_id', '=', id).execute();
    expect(sessions.map((s) => s.end_reason)).toEqual(['suspended', 'suspended']);
    for (const s of sessions) expect(s.ended_at).toEqual(t.clock.now());
    const audit = await t.db.db.selectFrom('audit_logs').select(['action', 'severity', 'admin_email', 'resource_type', 'resource_id', 'details', 'ip_address']).execute();
    expect(audit).toEqual([
      { action: 'user_status_update', severity: 'warning', admin_email: 'helpdesk@example.com', resource_type: 'user', resource_id: id, details: { isActive: false, userEmail: 'ada@example.com', endedSessions: 2 }, ip_address: '127.0.0.1' },
    ]);

    for (const c of [cookie, otherDevice]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: c } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ requiresReauth: true, error: suspendedMessage });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: bystander } })).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'ada@example.com', name: 'Ada' } });
    expect(signIn.statusCode).toBe(403);

    const call = await adminCaller(t, admin.token);
    expect(await call.admin.users.setStatus({ userId: id, isActive: true })).toEqual({ id, isActive: true, endedSessions: 0 });
    const activation = await t.db.db.selectFrom('audit_logs').select(['severity', 'details']).where('resource_id', '=', id).orderBy('created_at', 'desc').orderBy('id').execute();
    expect(activation.map((a) => a.severity).sort()).toEqual(['info', 'warning']);
    // The old session stays ended; a fresh sign-in works.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    const again = await devSignIn(t.app, 'ada@example.com', 'Ada Lovelace');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: again } })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown customer and writes nothing', async () => {
    const res = await admin.call('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/status', { isActive: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('User not found');
    expect(await t.db.db.selectFrom('audit_logs').select('id').where('outcome', '=', 'succeeded').execute()).toEqual([]);
    expect((await admin.call('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/status', { isActive: 'no' })).statusCode).toBe(400);
  });

  it("lists a customer's projects with a signed final-video link the browser can play and download", async () => {
    await seedCustomers([['ada@example.com', 'Ada', 'Lovelace', 0]]);
    const id = await userId('ada@example.com');
    const draft = await t.db.db.insertInto('projects').values({ user_id: id, title: 'Draft one', created_at: new Date(t.clock.now().getTime() - 60_000) }).returning('id').executeTakeFirstOrThrow();
    const done = await t.db.db.insertInto('projects').values({ user_id: id, title: 'Launch reel', status: 'Merged', current_step: 6 }).returning('id').executeTakeFirstOrThrow();
    const key = `projects/${done.id}/final-abc.mp4`;
    const bytes = Buffer.from('not really an mp4 but bytes all the same');
    await t.app.core.storage.put(key, { buffer: bytes }, 'video/mp4');
    await t.db.db.updateTable('projects').set({ assets: JSON.stringify({ final: { type: 'single', url: `/media/${key}` } }) }).where('id', '=', done.id).execute();

    const res = await admin.call('GET', `/api/admin/users/${id}/projects`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; title: string; status: string; assets: { finalVideoUrl: string | null } }[];
    expect(list.map((p) => [p.title, p.status])).toEqual([['Launch reel', 'Merged'], ['Draft one', 'Draft']]);
    expect(list[1]!.id).toBe(draft.id);
    expect(list[1]!.assets.finalVideoUrl).toBeNull();
    const url = list[0]!.assets.finalVideoUrl!;
    expect(url).toMatch(new RegExp(`^/media/${key}\\?exp=\\d+&sig=`));

    // No cookie and no bearer: the signature alone opens it, for playing and as a download.
    const played = await t.app.inject({ method: 'GET', url });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(bytes)).toBe(true);
    const downloaded = await t.app.inject({ method: 'GET', url: `${url}&download=1` });
    expect(downloaded.statusCode).toBe(200);
    // Saved under the project's title (spec: "a file named after the project title"), not the key's hash.
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="Launch reel.mp4"; filename*=UTF-8''Launch%20reel.mp4`);
    // Hostile titles: no header injection, no path, no quote; RTL and emoji kept in filename*.
    const hostile: [string, string, string][] = [
      ['../../etc/"passwd"\r\nSet-Cookie: a=1', 'etc passwd Set-Cookie a=1.mp4', 'etc passwd Set-Cookie a=1.mp4'],
      ['إطلاق الربيع 🚀', 'reelsmith-video.mp4', 'إطلاق الربيع 🚀.mp4'],
      ['\u0007\u202e ', 'reelsmith-video.mp4', 'reelsmith-video.mp4'],
    ];
    for (const [title, ascii, utf8] of hostile) {
      await t.db.db.updateTable('projects').set({ title }).where('id', '=', done.id).execute();
      const res = await t.app.inject({ method: 'GET', url: `${url}&download=1` });
      expect(res.statusCode).toBe(200);
      const header = res.headers['content-disposition'] as string;
      expect(header).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`);
    }
    // A changed signature (its first character made different, whatever it was) opens nothing.
    const tampered = url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect((await admin.call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/projects')).json().error).toBe('User not found');
    // The link expires after an hour.
    t.clock.advance(61 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses every users path without a token', async () => {
    for (const [method, url] of [['GET', '/api/admin/users'], ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/status'], ['GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/projects']] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'PATCH' ? { payload: { isActive: false } } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Session expired - please login again');
    }
  });
});
