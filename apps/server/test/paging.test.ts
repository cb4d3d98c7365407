import { createHash } from 'node:crypto';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// One paging convention across list calls (docs/decisions.md, "Paging"): `page` and `limit` in the query,
// one envelope { data, total, page, limit, totalPages, hasNextPage, hasPrevPage }; the admin spec's array
// names kept beside `data`; customer lists answer their plain array when neither is given.

type Row = { id: string };
type Envelope = { data: Row[]; total: number; page: number; limit: number; totalPages: number; hasNextPage: boolean; hasPrevPage: boolean } & Record<string, unknown>;

const adminLists = [
  { path: '/api/admin/users', alias: 'users' },
  { path: '/api/admin/projects', alias: 'projects' },
  { path: '/api/admin/audit-logs', alias: undefined },
  { path: '/api/admin/email/templates', alias: 'templates' },
  { path: '/api/admin/email/logs', alias: 'logs' },
] as const;
const customerLists = ['/api/projects', '/api/transactions', '/api/auth/api-keys', '/api/webhooks', '/api/webhooks/deliveries'] as const;
/** Rows seeded for the owner in each customer list (the API key made for the test adds one key). */
const ownerRows = 5;

describe.each(testDatabaseKinds())('paging on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  let owner: string;
  let stranger: string;
  let ownerKey: string;
  /** Every row id seeded for the stranger, which must never reach the owner. */
  const strangerIds = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await adminAs(t, 'superadmin');
    owner = await devSignIn(t.app, 'owner@example.com', 'Olive Owner');
    stranger = await devSignIn(t.app, 'stranger@example.com', 'Sam Stranger');
    for (const n of [1, 2, 3]) await devSignIn(t.app, `extra${n}@example.com`, `Extra ${n}`);
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/api-keys', headers: { cookie: owner }, payload: { name: 'Paging' } });
    expect(made.statusCode, made.body).toBe(201);
    ownerKey = (made.json() as { key: string }).key;
    const users = await t.db.db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['owner@example.com', 'stranger@example.com']).execute();
    const ownerId = users.find((u) => u.email === 'owner@example.com')!.id;
    const strangerId = users.find((u) => u.email === 'stranger@example.com')!.id;
    const base = t.clock.now().getTime();
    const at = (minutes: number) => new Date(base - minutes * 60_000);

    for (const [userId, count] of [[ownerId, ownerRows], [strangerId, 1]] as const) {
      const mine = userId === strangerId;
      const keep = (rows: { id: string }[]) => {
        if (mine) for (const r of rows) strangerIds.add(r.id);
        return rows;
      };
      const range = [...Array(count).keys()];
      keep(
        await t.db.db
          .insertInto('projects')
          .values(range.map((i) => ({ user_id: userId, title: `Reel ${i}`, scenes: JSON.stringify([]), params: JSON.stringify({}), assets: JSON.stringify({}), updated_at: at(i + 10), created_at: at(i + 10) })) as never)
          .returning('id')
          .execute(),
      );
      keep(
        await t.db.db
          .insertInto('transactions')
          .values(range.map((i) => ({ user_id: userId, amount_cents: 900 + i, status: 'succeeded' as const, transaction_date: at(i) })))
          .returning('id')
          .execute(),
      );
      // The owner's key made above is the fifth.
      keep(
        await t.db.db
          .insertInto('api_keys')
          .values(range.slice(mine ? 0 : 1).map((i) => ({ user_id: userId, name: `Key ${i}`, prefix: `rsk_p${i}`, key_hash: createHash('sha256').update(`${userId}-${i}`).digest('hex'), created_at: at(i + 1) })))
          .returning('id')
          .execute(),
      );
      const endpoints = keep(
        await t.db.db
          .insertInto('webhook_endpoints')
          .values(range.map((i) => ({ user_id: userId, url: `https://example.com/hook/${i}`, description: `Hook ${i}`, secret: 'whsec_test', created_at: at(i) })))
          .returning('id')
          .execute(),
      );
      const eventId = `msg_${userId.slice(0, 8)}`;
      await t.db.db.insertInto('webhook_events').values({ id: eventId, user_id: userId, job_id: null, type: 'webhook.test', body: '{}' }).execute();
      keep(
        await t.db.db
          .insertInto('webhook_deliveries')
          .values(range.map((i) => ({ event_id: eventId, endpoint_id: endpoints[0]!.id, attempt: i + 1, status_code: 200, error: null, duration_ms: 5, created_at: at(i) })))
          .returning('id')
          .execute(),
      );
    }
    const five = [...Array(5).keys()];
    await t.db.db.insertInto('audit_logs').values(five.map((i) => ({ action: 'settings_update', user_type: 'admin' as const, details: JSON.stringify({ i }), created_at: at(i) })) as never).execute();
    await t.db.db.insertInto('email_templates').values(five.map((i) => ({ name: `paging_${i}`, subject: `Subject ${i}`, description: null, updated_at: at(i) }))).execute();
    await t.db.db.insertInto('email_logs').values(five.map((i) => ({ recipient_email: `r${i}@example.com`, subject: `Mail ${i}`, email_type: 'test', updated_at: at(i), created_at: at(i) }))).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, auth: { cookie?: string; bearer?: string }): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url, headers: { ...(auth.cookie ? { cookie: auth.cookie } : {}), ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}) } });
  async function page(url: string, auth: { cookie?: string; bearer?: string }): Promise<Envelope> {
    const res = await get(url, auth);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  }
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

  /** The checks every list shares, whoever calls it. */
  async function expectPagesOf(path: string, auth: { cookie?: string; bearer?: string }, alias?: string): Promise<Envelope> {
    const all = await page(withQuery(path, 'page=1&limit=100'), auth);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['data', 'total', 'page', 'limit', 'totalPages', 'hasNextPage', 'hasPrevPage']));
    expect(all).toMatchObject({ page: 1, limit: 100, total: all.data.length, totalPages: Math.ceil(all.data.length / 100), hasNextPage: false, hasPrevPage: false });
    expect(all.total, path).toBeGreaterThanOrEqual(4);
    if (alias) expect(all[alias], `${path} ${alias}`).toEqual(all.data);

    const first = await page(withQuery(path, 'page=1&limit=2'), auth);
    const second = await page(withQuery(path, 'page=2&limit=2'), auth);
    expect(ids(first.data)).toEqual(ids(all.data).slice(0, 2));
    expect(ids(second.data)).toEqual(ids(all.data).slice(2, 4));
    expect(ids(second.data).filter((id) => ids(first.data).includes(id))).toEqual([]);
    expect(first).toMatchObject({ page: 1, limit: 2, total: all.total, totalPages: Math.ceil(all.total / 2), hasNextPage: true, hasPrevPage: false });
    expect(second).toMatchObject({ page: 2, limit: 2, hasPrevPage: true, hasNextPage: all.total > 4 });
    if (alias) expect(second[alias]).toEqual(second.data);

    const past = await page(withQuery(path, 'page=50&limit=2'), auth);
    expect(past).toMatchObject({ data: [], page: 50, total: all.total, hasNextPage: false, hasPrevPage: true });
    // Past the limits and hostile text: a clear 400, never a 500 or a silent default.
    const hostile = ['limit=101', 'page=0', 'page=1&limit=0', 'limit=abc', 'page=-1', 'page=1.5', 'limit=1e400', 'limit=%00', 'page=%E2%80%AE1', `page=${'9'.repeat(400)}`, 'page=100001'];
    for (const bad of hostile) {
      const refused = await get(withQuery(path, bad), auth);
      expect(refused.statusCode, `${path}?${bad}: ${refused.body}`).toBe(400);
    }
    // A repeated name is not a way around the cap.
    const repeated = await get(withQuery(path, 'limit=2&limit=500'), auth);
    expect(repeated.statusCode, `${path} repeated limit: ${repeated.body}`).toBeLessThan(500);
    if (repeated.statusCode === 200) expect((repeated.json() as Envelope).data.length).toBeLessThanOrEqual(100);
    // Every page asked for at once: together they are the list, each row once.
    const pages = await Promise.all([...Array(all.total).keys()].map((i) => page(withQuery(path, `page=${i + 1}&limit=1`), auth)));
    expect(pages.flatMap((p) => ids(p.data))).toEqual(ids(all.data));
    return all;
  }

  describe('admin lists', () => {
    for (const { path, alias } of adminLists) {
      it(`${path}: the envelope${alias ? ` with ${alias}` : ''}, pages without overlap, 400 on limit 101 or page 0, an empty page past the end`, async () => {
        await expectPagesOf(path, { bearer: admin.token }, alias);
        // The spec's default page size (§9) when no limit is given.
        const defaults = await page(path, { bearer: admin.token });
        expect(defaults.limit).toBe(path.endsWith('/users') || path.endsWith('/projects') ? 10 : 20);
      });
    }

    it('/api/admin/users?userId=… answers that one customer first in users and data', async () => {
      const [someone] = (await page('/api/admin/users?page=1&limit=100', { bearer: admin.token })).data;
      const one = await page(`/api/admin/users?userId=${someone!.id}`, { bearer: admin.token });
      expect(ids(one.data)).toEqual([someone!.id]);
      expect(one.users).toEqual(one.data);
      expect(one).toMatchObject({ total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    });
  });

  describe('customer lists', () => {
    for (const path of customerLists) {
      it(`${path}: the plain array without page or limit; the envelope with them, for a cookie and an API key; never another customer's rows`, async () => {
        for (const auth of [{ cookie: owner }, { bearer: ownerKey }]) {
          const bare = await get(path, auth);
          expect(bare.statusCode, bare.body).toBe(200);
          const plain = bare.json() as Row[];
          expect(Array.isArray(plain), `${path} answers an array`).toBe(true);
          expect(plain.length).toBe(ownerRows);

          const all = await expectPagesOf(path, auth);
          expect(ids(all.data)).toEqual(ids(plain));
          expect(all.total).toBe(ownerRows);
          expect(ids(all.data).filter((id) => strangerIds.has(id))).toEqual([]);
          // Either one alone asks for the envelope: page 1 by default, DEFAULT_PAGE_LIMIT (20) by default.
          const firstThree = await page(`${path}?limit=3`, auth);
          expect(firstThree).toMatchObject({ page: 1, limit: 3, total: ownerRows });
          expect(ids(firstThree.data)).toEqual(ids(plain).slice(0, 3));
          expect(await page(`${path}?page=1`, auth)).toMatchObject({ page: 1, limit: 20, total: ownerRows });
        }
        // Another site's page cannot read the list with the customer's cookie: no CORS grant for it.
        const foreign = await t.app.inject({ method: 'GET', url: `${path}?page=1&limit=2`, headers: { cookie: owner, origin: 'https://evil.example' } });
        expect([undefined, 'https://evil.example', '*'].indexOf(foreign.headers['access-control-allow-origin'] as string | undefined)).toBe(0);
        // The stranger sees only their one row, whichever way they ask.
        const theirs = (await get(path, { cookie: stranger })).json() as Row[];
        const theirPage = await page(`${path}?page=1&limit=100`, { cookie: stranger });
        expect(theirs.length).toBe(1);
        expect(theirPage.total).toBe(1);
        expect(ids(theirPage.data)).toEqual(ids(theirs));
        expect(strangerIds.has(theirs[0]!.id)).toBe(true);
      });
    }
  });
});
