import { createHash } from 'node:crypto';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { apiKeyMessages } from '@reelsmith/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const freeLimitMessage = "You've already created your free video. To create more videos, upgrade your subscription.";
const suspendedMessage = 'Your account has been suspended. Please contact support.';

type Method = 'GET' | 'POST' | 'DELETE';
interface Created {
  id: string;
  key: string;
  name: string;
  prefix: string;
}

describe.each(testDatabaseKinds())('API keys on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    owner = await devSignIn(t.app, 'owner@example.com', 'Olive Owner');
    stranger = await devSignIn(t.app, 'stranger@example.com', 'Sam Stranger');
  });

  const withCookie = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const withKey = (method: Method, url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
  async function createKey(name = 'CI pipeline', cookie = owner): Promise<Created> {
    const res = await withCookie('POST', '/api/auth/api-keys', cookie, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const keyRows = () => t.db.db.selectFrom('api_keys').select(['id', 'user_id', 'name', 'prefix', 'key_hash', 'last_used_at', 'revoked_at']).execute();
  const projectCount = async () => (await t.db.db.selectFrom('projects').select('id').execute()).length;
  const expectUnauthorized = (res: LightMyRequestResponse, message: string) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ error: message, code: 'UNAUTHORIZED', reason: 'unauthorized', requiresReauth: true });
  };

  it('is shown once as rsk_…; only its SHA-256 is stored; the list shows name, prefix and dates, never the key', async () => {
    const created = await createKey('  Zapier  ');
    expect(created.key).toMatch(/^rsk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Zapier', prefix: created.key.slice(0, 10), lastUsedAt: null });
    const [row] = await keyRows();
    expect(row!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(await t.db.db.selectFrom('api_keys').selectAll().execute())).not.toContain(created.key.slice(10));

    const list = await withCookie('GET', '/api/auth/api-keys', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: created.id, name: 'Zapier', prefix: created.prefix, createdAt: expect.any(String), lastUsedAt: null }]);
    expect(list.body).not.toContain(created.key.slice(10));
    expect(list.body).not.toContain(row!.key_hash);
    // The key itself may list its owner's keys (the list holds no secrets); that call is its first use.
    const byKey = await withKey('GET', '/api/auth/api-keys', created.key);
    expect(byKey.json()).toEqual([{ ...list.json()[0], lastUsedAt: t.clock.now().toISOString() }]);
    expect(byKey.body).not.toContain(created.key.slice(10));
  });

  it('works on the REST paths and on tRPC as its customer, and records its last use', async () => {
    const { key, id } = await createKey();
    const user = await withKey('GET', '/api/auth/user', key);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'owner@example.com' });

    const made = await withKey('POST', '/api/projects', key, { title: 'From the integration' });
    expect(made.statusCode, made.body).toBe(201);
    const listed = await withKey('GET', '/api/projects', key);
    expect(listed.json().map((p: { id: string }) => p.id)).toEqual([made.json().id]);
    // The project is the key owner's: their browser sees it, another customer does not.
    expect((await withCookie('GET', '/api/projects', owner)).json()).toHaveLength(1);
    expect((await withCookie('GET', '/api/projects', stranger)).json()).toEqual([]);

    const trpc = await withKey('GET', '/trpc/projects.list', key);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data.json.map((p: { id: string }) => p.id)).toEqual([made.json().id]);

    const lastUsed = (await withCookie('GET', '/api/auth/api-keys', owner)).json()[0].lastUsedAt;
    expect(lastUsed).not.toBeNull();
    expect(new Date(lastUsed).getTime()).toBe(t.clock.now().getTime());
    // Within the minute, calls do not write again; after it, the next call does.
    t.clock.advance(30_000);
    await withKey('GET', '/api/projects', key);
    expect((await keyRows()).find((r) => r.id === id)!.last_used_at!.toISOString()).toBe(new Date(lastUsed).toISOString());
    t.clock.advance(31_000);
    await withKey('GET', '/api/projects', key);
    expect((await keyRows()).find((r) => r.id === id)!.last_used_at!.getTime()).toBe(t.clock.now().getTime());
  });

  it('meets the same plan refusals as the browser: a Free customer gets one video', async () => {
    const { key } = await createKey();
    expect((await withKey('POST', '/api/projects', key, { reelTime: 30 })).json()).toMatchObject({ code: 'PAYMENT_REQUIRED', reason: 'reel_time' });
    expect((await withKey('POST', '/api/projects', key, {})).statusCode).toBe(201);
    const byKey = await withKey('POST', '/api/projects', key, {});
    const byBrowser = await withCookie('POST', '/api/projects', owner, {});
    expect(byKey.statusCode).toBe(402);
    expect(byKey.json()).toMatchObject({ error: freeLimitMessage, reason: 'free_limit' });
    expect(byKey.json()).toEqual(byBrowser.json());
    // tRPC too, with the same reason.
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/projects.create', headers: { authorization: `Bearer ${key}` }, payload: { json: {} } });
    expect(trpc.statusCode).toBe(402);
    expect(trpc.json().error.json).toMatchObject({ message: freeLimitMessage, data: { reason: 'free_limit' } });
    expect(await projectCount()).toBe(1);
  });

  it('answers 401 to a revoked key and to a made-up one, with the documented body', async () => {
    const { key, id } = await createKey();
    const revoked = await withCookie('DELETE', `/api/auth/api-keys/${id}`, owner);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id, revoked: true });
    // Revoking twice is fine.
    expect((await withCookie('DELETE', `/api/auth/api-keys/${id}`, owner)).statusCode).toBe(200);
    expect((await withCookie('GET', '/api/auth/api-keys', owner)).json()).toEqual([]);

    expectUnauthorized(await withKey('GET', '/api/projects', key), apiKeyMessages.invalidKey);
    expectUnauthorized(await withKey('POST', '/api/projects', key, {}), apiKeyMessages.invalidKey);
    expectUnauthorized(await withKey('GET', '/api/projects', `rsk_${'A'.repeat(43)}`), apiKeyMessages.invalidKey);
    expectUnauthorized(await withKey('GET', '/api/projects', 'rsk_'), apiKeyMessages.invalidKey);
    const trpc = await withKey('GET', '/trpc/projects.list', key);
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json().error.json).toMatchObject({ message: apiKeyMessages.invalidKey, data: { reason: 'unauthorized' } });
    expect(await projectCount()).toBe(0);
    // A bearer value that is not an API key is still read as an admin token, and refused as one.
    expect((await withKey('GET', '/api/projects', 'not-a-key')).statusCode).toBe(401);
  });

  it("is scoped to its customer: another customer cannot list or revoke it (404), and it keeps working", async () => {
    const { key, id } = await createKey();
    expect((await withCookie('GET', '/api/auth/api-keys', stranger)).json()).toEqual([]);
    const foreign = await withCookie('DELETE', `/api/auth/api-keys/${id}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: apiKeyMessages.notFound, reason: 'not_found' });
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await withCookie('DELETE', `/api/auth/api-keys/${unknown}`, owner)).statusCode).toBe(404);
    }
    expect((await keyRows())[0]!.revoked_at).toBeNull();
    expect((await withKey('GET', '/api/projects', key)).statusCode).toBe(200);
  });

  it('cannot create or revoke keys itself: only a signed-in browser session can', async () => {
    const { key, id } = await createKey();
    const create = await withKey('POST', '/api/auth/api-keys', key, { name: 'Minted by a key' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ error: apiKeyMessages.browserOnly, reason: 'forbidden' });
    expect((await withKey('DELETE', `/api/auth/api-keys/${id}`, key)).statusCode).toBe(403);
    expect((await keyRows()).map((r) => [r.name, r.revoked_at])).toEqual([['CI pipeline', null]]);
  });

  it('stops working while its customer is suspended, with the suspension message', async () => {
    const { key } = await createKey();
    await t.db.db.updateTable('users').set({ is_active: false }).where('email', '=', 'owner@example.com').execute();
    expectUnauthorized(await withKey('GET', '/api/projects', key), suspendedMessage);
    expectUnauthorized(await withKey('POST', '/api/projects', key, {}), suspendedMessage);
    expect(await projectCount()).toBe(0);
  });

  it('a live session cookie wins over a key sent beside it', async () => {
    const { key } = await createKey('Stranger key', stranger);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner, authorization: `Bearer ${key}` } });
    expect(res.json()).toMatchObject({ email: 'owner@example.com' });
  });

  it('stops at 10 active keys, also when 12 are created at once; a revoked key frees a place', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => withCookie('POST', '/api/auth/api-keys', owner, { name: `Key ${i}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ error: apiKeyMessages.limit, reason: 'api_key_limit' });
    expect(await keyRows()).toHaveLength(10);
    await withCookie('DELETE', `/api/auth/api-keys/${results.find((r) => r.statusCode === 201)!.json().id}`, owner);
    expect((await withCookie('POST', '/api/auth/api-keys', owner, { name: 'Replacement' })).statusCode).toBe(201);
    // Another customer's limit is their own.
    await createKey('Mine', stranger);
  });

  it.each([
    ['HTML', '<script>alert(1)</script>', apiKeyMessages.nameMarkup],
    ['a right-to-left override', 'prod\u202Egnp.exe', apiKeyMessages.nameInvisible],
    ['a zero-width space', 'pro\u200Bd', apiKeyMessages.nameInvisible],
    ['10 kB', 'k'.repeat(10_240), apiKeyMessages.nameTooLong],
    ['an empty name', '   ', apiKeyMessages.nameRequired],
  ])('refuses a name with %s with a clear 400 and stores nothing', async (_label, name, message) => {
    const res = await withCookie('POST', '/api/auth/api-keys', owner, { name });
    expect(res.statusCode, res.body).toBe(400);
    // The spec's words as they are (§8), without the field's name before them.
    expect(res.json().error).toBe(message);
    expect(res.json().reason).toBe('invalid_input');
    expect(await keyRows()).toHaveLength(0);
  });

  it('refuses NUL and a missing or non-text name with 400, never a 500', async () => {
    for (const payload of [{ name: 'key\u0000' }, {}, { name: 42 }, { name: ['a'] }, { name: 'ok', extra: true }]) {
      const res = await withCookie('POST', '/api/auth/api-keys', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      if (!('extra' in payload)) expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await keyRows()).filter((r) => r.name !== 'ok')).toHaveLength(0);
  });

  it('accepts a normal name with emoji', async () => {
    const created = await createKey('🚀 Launch bot 👩‍💻');
    expect(created.name).toBe('🚀 Launch bot 👩‍💻');
    expect((await keyRows())[0]!.name).toBe('🚀 Launch bot 👩‍💻');
  });

  it('manages keys over tRPC too (the Profile page)', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/trpc/auth.apiKeys.create', headers: { cookie: owner }, payload: { json: { name: 'Browser' } } });
    expect(created.statusCode, created.body).toBe(200);
    const { id, key } = created.json().result.data.json as Created;
    const listed = await t.app.inject({ method: 'GET', url: '/trpc/auth.apiKeys.list', headers: { cookie: owner } });
    expect(listed.json().result.data.json).toEqual([expect.objectContaining({ id, name: 'Browser', prefix: key.slice(0, 10) })]);
    expect(listed.body).not.toContain(key.slice(10));
    const revoked = await t.app.inject({ method: 'POST', url: '/trpc/auth.apiKeys.revoke', headers: { cookie: owner }, payload: { json: { id } } });
    expect(revoked.statusCode).toBe(200);
    expect((await keyRows())[0]!.revoked_at).not.toBeNull();
  });

  it('passes the cross-site guard from a server (no browser headers), and a foreign page still cannot post with the cookie', async () => {
    const { key } = await createKey();
    expect((await withKey('POST', '/api/projects', key, {})).statusCode).toBe(201);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auth/api-keys', headers: { cookie: owner, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload: { name: 'Planted' } });
    expect(foreign.statusCode).toBe(403);
    expect(await keyRows()).toHaveLength(1);
  });

  it("reads its customer's media as the browser does (the final video of a project), and nobody else's", async () => {
    const { key } = await createKey();
    const other = await createKey('Other', stranger);
    const project = (await withKey('POST', '/api/projects', key, {})).json() as { id: string };
    const media = `/media/projects/${project.id}/final.mp4`;
    await t.app.core.storage.put(`projects/${project.id}/final.mp4`, { buffer: Buffer.from('not really a video') }, 'video/mp4');
    const own = await withKey('GET', media, key);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('not really a video');
    expect((await withKey('GET', media, other.key)).statusCode).toBe(404);
    expect((await withKey('GET', media, `rsk_${'B'.repeat(43)}`)).statusCode).toBe(404);
    // Downloading as a file follows the owner's plan, as in the browser: not on Free.
    const download = await withKey('GET', `${media}?download`, key);
    expect(download.statusCode).toBe(403);
    expect(download.json().error).toBe((await withCookie('GET', `${media}?download`, owner)).json().error);
  });

  describe('rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      // A second app on the same database with a small per-key budget (the store is per app).
      limited = await buildTestApp(kind, { API_KEY_RATE_LIMIT_MAX: '5', RATE_LIMIT_MAX: '40' }, t.db, { work: false });
    });
    afterAll(async () => {
      await limited.close();
    });

    it('answers 429 with the shared error body once a key has spent its minute, while another key of the same address still works', async () => {
      const first = await createKey('First');
      const second = await createKey('Second');
      const call = (key: string) => limited.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer ${key}` }, remoteAddress: '203.0.113.9' });
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await call(first.key)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200]);
      const refused = await call(first.key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited', error: expect.stringMatching(/^Too many requests/) });
      expect(refused.json().message).toBe(refused.json().error);
      expect((await call(second.key)).statusCode).toBe(200);
      // A made-up key buys no budget of its own: it is counted against its address.
      const address = '203.0.113.10';
      const madeUp = (n: number) => limited.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer rsk_made_up_${n}` }, remoteAddress: address });
      const invented: number[] = [];
      for (let i = 0; i < 41; i += 1) invented.push((await madeUp(i)).statusCode);
      expect(invented.slice(0, 40).every((c) => c === 401)).toBe(true);
      expect(invented[40]).toBe(429);
    });
  });
});
