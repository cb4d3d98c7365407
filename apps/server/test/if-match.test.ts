import { testDatabaseKinds } from '@reelsmith/db/testing';
import { projectMessages } from '@reelsmith/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

type Method = 'GET' | 'PUT' | 'PATCH';

// Conditional saves (RFC 9110): GET /api/projects/{id} answers the project's version as a strong ETag;
// PUT and PATCH with an If-Match that no longer names it answer 412 with the current ETag and change
// nothing. The check runs on the locked row inside the write's transaction, so of parallel writers
// holding one ETag exactly one wins.
describe.each(testDatabaseKinds())('ETag and If-Match on /api/projects/{id} on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await devSignIn(t.app, `etag.owner.${kind}@example.com`, 'Olga Owner');
    stranger = await devSignIn(t.app, `etag.stranger.${kind}@example.com`, 'Sam Stranger');
    // Pro, so the owner may start a project per test (Free allows one).
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', `etag.owner.${kind}@example.com`).executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  function api(method: Method, url: string, payload?: object, headers: Record<string, string> = {}, cookie = owner) {
    return t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  }

  /** A new project of the owner's, with its ETag as GET answers it. */
  async function newProject(): Promise<{ id: string; etag: string }> {
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: owner }, payload: { title: 'Original' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const read = await api('GET', `/api/projects/${id}`);
    return { id, etag: read.headers.etag as string };
  }

  it('answers a strong ETag naming the version; a save raises it, and the save and a new GET answer the new one', async () => {
    const { id, etag } = await newProject();
    const read = await api('GET', `/api/projects/${id}`);
    expect(etag).toMatch(/^"[1-9]\d*"$/);
    expect(etag).toBe(`"${read.json().version}"`);
    const saved = await api('PATCH', `/api/projects/${id}`, { title: 'Renamed' }, { 'if-match': etag });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${read.json().version + 1}"`);
    expect(saved.json()).toMatchObject({ title: 'Renamed', version: read.json().version + 1 });
    expect((await api('GET', `/api/projects/${id}`)).headers.etag).toBe(saved.headers.etag);
    const put = await api('PUT', `/api/projects/${id}`, { title: 'Put over it', reelTime: 20 }, { 'if-match': saved.headers.etag as string });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers.etag).toBe(`"${read.json().version + 2}"`);
  });

  it('refuses a stale If-Match on PATCH and PUT with 412, the current ETag and clear words, and changes nothing', async () => {
    const { id, etag } = await newProject();
    const current = (await api('PATCH', `/api/projects/${id}`, { title: 'Second' })).headers.etag as string;
    expect(current).not.toBe(etag);
    const before = await t.db.db.selectFrom('projects').select(['title', 'reel_time', 'version', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
    for (const [method, body] of [['PATCH', { title: 'Lost update' }], ['PUT', { title: 'Lost update', currentStep: 3 }]] as const) {
      const res = await api(method, `/api/projects/${id}`, body, { 'if-match': etag });
      expect(res.statusCode, method).toBe(412);
      expect(res.headers.etag).toBe(current);
      expect(res.json()).toMatchObject({ error: projectMessages.changedSince, reason: 'precondition_failed', currentVersion: before.version });
    }
    const after = await t.db.db.selectFrom('projects').select(['title', 'reel_time', 'version', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('lets exactly one of 8 parallel PATCHes holding the same ETag win; the others get 412 and the winner is what is saved', async () => {
    const { id, etag } = await newProject();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api('PATCH', `/api/projects/${id}`, { title: `Writer ${i}` }, { 'if-match': etag })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const saved = await api('GET', `/api/projects/${id}`);
    expect(saved.json().title).toBe(winner.json().title);
    expect(saved.headers.etag).toBe(winner.headers.etag);
    expect(Number(JSON.parse(saved.headers.etag as string))).toBe(Number(JSON.parse(etag)) + 1);
    for (const refused of answers.filter((a) => a.statusCode === 412)) expect(refused.headers.etag).toBe(winner.headers.etag);
  });

  it('reads If-Match as RFC 9110 does: * and no header save; a list naming the current version saves; weak or garbled tags get 412', async () => {
    const { id } = await newProject();
    const etagNow = async () => (await api('GET', `/api/projects/${id}`)).headers.etag as string;
    for (const ifMatch of [undefined, '*', (tag: string) => `"999999", ${tag}`, (tag: string) => ` ${tag} `]) {
      const tag = await etagNow();
      const value = typeof ifMatch === 'function' ? ifMatch(tag) : ifMatch;
      const res = await api('PATCH', `/api/projects/${id}`, { title: `Saved with ${value ?? 'none'}` }, value === undefined ? {} : { 'if-match': value });
      expect(res.statusCode, String(value)).toBe(200);
    }
    const current = await etagNow();
    const bare = current.slice(1, -1);
    for (const garbled of [`W/${current}`, bare, `"${bare}.0"`, '"abc"', '""', `${current}, *`, `"${bare}`, 'W/', '"-1"', `"0${bare}"`]) {
      const res = await api('PATCH', `/api/projects/${id}`, { title: 'Must not save' }, { 'if-match': garbled });
      expect(res.statusCode, garbled).toBe(412);
      expect(res.headers.etag).toBe(current);
    }
    expect((await api('GET', `/api/projects/${id}`)).json().title).not.toBe('Must not save');
    // The header, not a body field, decides for REST callers: If-Match replaces `expectedVersion`.
    const overridden = await api('PATCH', `/api/projects/${id}`, { title: 'Header wins', expectedVersion: 1 }, { 'if-match': current });
    expect(overridden.statusCode).toBe(200);
  });

  it("answers 404, not 412, for another customer's project or a missing one, whatever the If-Match", async () => {
    const { id, etag } = await newProject();
    const res = await api('PATCH', `/api/projects/${id}`, { title: 'Not yours' }, { 'if-match': etag }, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect((await api('PATCH', '/api/projects/00000000-0000-4000-8000-000000000000', { title: 'x' }, { 'if-match': etag })).statusCode).toBe(404);
    expect((await api('GET', `/api/projects/${id}`)).json().title).toBe('Original');
  });

  it('gives tRPC callers the version and the same refusal through expectedVersion', async () => {
    const { id } = await newProject();
    const read = await trpcCall(t.app, 'query', 'projects.get', { id }, owner);
    const version = read.data.version as number;
    const stale = await trpcCall(t.app, 'mutation', 'projects.patch', { id, title: 'Stale', expectedVersion: version - 1 }, owner);
    expect(stale).toMatchObject({ status: 412, error: projectMessages.changedSince });
    const fresh = await trpcCall(t.app, 'mutation', 'projects.patch', { id, title: 'Fresh', expectedVersion: version }, owner);
    expect(fresh.status).toBe(200);
    expect(fresh.data.version).toBe(version + 1);
  });

  it('documents ETag, If-Match and 412 in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = doc.paths['/api/projects/{id}'];
    expect(path.get.responses['200'].headers.ETag).toBeDefined();
    for (const method of ['put', 'patch']) {
      expect(path[method].parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header', required: false })]));
      expect(path[method].responses['412'].headers.ETag).toBeDefined();
      expect(path[method].responses['200'].headers.ETag).toBeDefined();
    }
    expect(path.patch.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]));
    expect(doc.paths['/api/projects'].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
    expect(doc.paths['/api/projects'].get.parameters ?? []).not.toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key' })]));
  });
});
