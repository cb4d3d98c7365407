import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '@reelsmith/api';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { controlCharacterMessage } from '../src/plugins/input-guard.ts';
import { restRoutes, type RestRoute } from '../src/rest/rest-routes.ts';
import { adminAs } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Issue 13 item 3: a NUL (or another control character) in any string made PostgreSQL refuse the write
// and the app answer 500. Every entry is driven from its table (REST routes, tRPC procedures, the auth
// and checkout pages), so a route added later is covered without editing this file.

const NUL = '\u0000';
const refusedBody = { error: controlCharacterMessage, message: controlCharacterMessage, code: 'BAD_REQUEST', reason: 'invalid_input' };

/** Every character the guard refuses, by name, and the ones text may hold. */
const refusedCharacters: [string, string][] = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000b'],
  ['form feed', '\u000c'],
  ['escape', '\u001b'],
  ['unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udc00'],
];
const allowedText = 'Line one,\ttabbed\r\nline two\nemoji 🎬 and ünïcode';

const trpcProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>).map(
  ([path, procedure]) => ({ path, type: procedure._def.type }),
);

let requests = 0;
/** Each request from its own address, so the per-route rate limits never answer instead of the guard. */
const nextAddress = () => {
  requests += 1;
  return `198.19.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`;
};

describe.each(testDatabaseKinds())('control characters in requests on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let adminToken: string;
  let projectId: string;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { RATE_LIMIT_MAX: '1000000' }, undefined, { work: false });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    customer = await devSignIn(t.app, 'nina@example.com', 'Nina Null');
    adminToken = (await adminAs(t, 'superadmin')).token;
    const created = await send({ method: 'POST', url: '/api/projects', payload: { title: 'Clean title' } }, 'customer');
    expect(created.statusCode).toBe(201);
    projectId = created.json().id;
    userId = (await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });

  function send(options: InjectOptions, access: RestRoute['access']): Promise<LightMyRequestResponse> {
    const auth = access === 'customer' ? { cookie: customer } : access === 'admin' ? { authorization: `Bearer ${adminToken}` } : {};
    return t.app.inject({ ...options, remoteAddress: nextAddress(), headers: { ...auth, ...(options.headers ?? {}) } });
  }

  /** Every row of every table of the app's schema, hashed per table: a refused request changes none. */
  async function databaseFingerprint(): Promise<Record<string, string>> {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.db.db);
    const fingerprint: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const row = await sql<{ digest: string | null; rows: string }>`
        select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest, count(*)::text as rows
        from ${sql.table(table_name)} r`.execute(t.db.db);
      fingerprint[table_name] = `${row.rows[0]?.rows}:${row.rows[0]?.digest}`;
    }
    return fingerprint;
  }

  /** A real value for each path parameter, so without the guard the request would reach its procedure. */
  const realParams = (): Record<string, string> => ({ id: projectId, userId, planId: 'pro-monthly', shortId: 'abc123', subscriptionId: projectId });

  function restUrl(route: RestRoute, poisoned?: string): string {
    return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
      encodeURIComponent(name === poisoned ? `${realParams()[name] ?? 'x'}${NUL}` : (realParams()[name] ?? 'x')),
    );
  }

  it('refuses NUL in every path parameter, query and body of every REST route, and stores nothing', async () => {
    const before = await databaseFingerprint();
    const refused: string[] = [];
    for (const route of restRoutes) {
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const probes: { slot: string; options: InjectOptions }[] = [
        ...params.map((name) => ({ slot: `path ${name}`, options: { method: route.method, url: restUrl(route, name) } })),
        { slot: 'query', options: { method: route.method, url: `${restUrl(route)}?search=Ada%00&page=1` } },
      ];
      if (route.method !== 'GET') {
        probes.push(
          { slot: 'body string', options: { method: route.method, url: restUrl(route), payload: { title: `Title${NUL}`, script: 'fine' } } },
          { slot: 'nested body string', options: { method: route.method, url: restUrl(route), payload: { scenes: [{ text: ['ok', `a${NUL}b`] }] } } },
          { slot: 'body key', options: { method: route.method, url: restUrl(route), payload: { params: { [`voice${NUL}`]: 'x' } } } },
        );
      }
      for (const probe of probes) {
        const res = await send(probe.options, route.access);
        expect.soft(res.statusCode, `${route.method} ${route.path} (${probe.slot})`).toBe(400);
        expect.soft(res.json(), `${route.method} ${route.path} (${probe.slot})`).toEqual(refusedBody);
        refused.push(`${route.method} ${route.path} ${probe.slot}`);
      }
    }
    expect(refused.length).toBeGreaterThanOrEqual(restRoutes.length * 2);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('refuses NUL in the input of every tRPC procedure (GET input, POST body, batches) in tRPC’s error shape', async () => {
    expect(trpcProcedures.length).toBeGreaterThan(50);
    const before = await databaseFingerprint();
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ id: projectId, search: `Ada${NUL}` })));
    for (const { path, type } of trpcProcedures) {
      const access = path.startsWith('admin.') ? 'admin' : 'customer';
      const res =
        type === 'mutation'
          ? await send({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, title: `T${NUL}` })) }, access)
          : await send({ method: 'GET', url: `/trpc/${path}?input=${input}` }, access);
      if (type === 'subscription') {
        // A subscription answers over server-sent events: the refusal is its error event.
        expect.soft(res.body, path).toContain(controlCharacterMessage);
        continue;
      }
      expect.soft(res.statusCode, path).toBe(400);
      expect.soft(res.json().error?.json, path).toMatchObject({ message: controlCharacterMessage, data: { code: 'BAD_REQUEST', httpStatus: 400, path, reason: 'invalid_input' } });
    }
    // Batched, as the browser clients send them: every call of the batch carries the refusal.
    const queries = trpcProcedures.filter((p) => p.type === 'query').slice(0, 3).map((p) => p.path);
    const batchInput = encodeURIComponent(JSON.stringify({ 0: superjson.serialize({}), 1: superjson.serialize({ search: NUL }), 2: superjson.serialize({}) }));
    const batch = await send({ method: 'GET', url: `/trpc/${queries.join(',')}?batch=1&input=${batchInput}` }, 'customer');
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toHaveLength(3);
    for (const [index, entry] of (batch.json() as { error: { json: { message: string } } }[]).entries()) {
      expect(entry.error.json.message, queries[index]).toBe(controlCharacterMessage);
    }
    const mutationBatch = await send(
      {
        method: 'POST',
        url: '/trpc/projects.create,projects.update?batch=1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ 0: superjson.serialize({}), 1: superjson.serialize({ id: projectId, title: `Batch${NUL}` }) }),
      },
      'customer',
    );
    expect(mutationBatch.statusCode).toBe(400);
    expect((mutationBatch.json() as { error: { json: { message: string } } }[]).map((e) => e.error.json.message)).toEqual([controlCharacterMessage, controlCharacterMessage]);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('refuses NUL on the sign-in, sign-out and checkout pages (forms, JSON and queries)', async () => {
    const checkout = await send({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { planId: (await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow()).id, quantity: 1 } }, 'customer');
    expect(checkout.statusCode).toBe(200);
    const checkoutPath = new URL(checkout.json().url as string).pathname;
    const before = await databaseFingerprint();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const probes: [string, InjectOptions, RestRoute['access']][] = [
      ['dev sign-in form name', { method: 'POST', url: '/auth/dev', headers: form, payload: 'email=new%40example.com&name=Ada%00' }, 'public'],
      ['dev sign-in form e-mail', { method: 'POST', url: '/auth/dev', headers: form, payload: 'email=new%00%40example.com&name=Ada' }, 'public'],
      ['dev sign-in JSON name', { method: 'POST', url: '/auth/dev', payload: { email: 'new@example.com', name: `Ada${NUL}` } }, 'public'],
      ['dev sign-in page query', { method: 'GET', url: '/auth/dev?x=%00' }, 'public'],
      ['sign-in start returnTo', { method: 'GET', url: '/auth/google?returnTo=/projects%00' }, 'public'],
      ['login redirect returnTo', { method: 'GET', url: '/api/login?returnTo=/projects%00' }, 'public'],
      ['sign-out query', { method: 'GET', url: '/auth/logout?x=%00' }, 'customer'],
      ['checkout page id', { method: 'GET', url: `${checkoutPath}%00` }, 'customer'],
      ['checkout pay id', { method: 'POST', url: `${checkoutPath}%00/pay`, headers: form, payload: '' }, 'customer'],
      ['checkout pay form field', { method: 'POST', url: `${checkoutPath}/pay`, headers: form, payload: 'x=%00' }, 'customer'],
      ['checkout cancel query', { method: 'POST', url: `${checkoutPath}/cancel?x=%00`, headers: form, payload: '' }, 'customer'],
      ['health query', { method: 'GET', url: '/healthz?x=%00' }, 'public'],
    ];
    for (const [name, options, access] of probes) {
      const res = await send(options, access);
      expect.soft(res.statusCode, name).toBe(400);
      expect.soft(res.json(), name).toEqual(refusedBody);
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it.each(refusedCharacters)('refuses %s in a title, a script, a scene, a search and a sign-in name', async (_name, character) => {
    const before = await databaseFingerprint();
    const cases: [string, Promise<LightMyRequestResponse>][] = [
      ['REST title', send({ method: 'PUT', url: `/api/projects/${projectId}`, payload: { title: `Spring${character}launch` } }, 'customer')],
      ['REST script', send({ method: 'PUT', url: `/api/projects/${projectId}`, payload: { params: { script: `Hello${character}` } } }, 'customer')],
      ['REST scene', send({ method: 'PUT', url: `/api/projects/${projectId}`, payload: { scenes: [{ sceneId: 's1', title: 'One', text: `Hi${character}`, durationSeconds: 5, wordCount: 1 }] } }, 'customer')],
      // A URL cannot carry a lone surrogate (its UTF-8 is invalid and decodes to U+FFFD); JSON can.
      ...(character.length === 1 && /[\ud800-\udfff]/.test(character)
        ? []
        : [['REST admin search', send({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(`ada${character}`)}` }, 'admin')] as [string, Promise<LightMyRequestResponse>]]),
      ['tRPC admin search', send({ method: 'GET', url: `/trpc/admin.users.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ search: `ada${character}` })))}` }, 'admin')],
      ['admin login e-mail', send({ method: 'POST', url: '/api/admin/login', payload: { email: `root${character}@example.com`, password: 'whatever-password' } }, 'public')],
      ['dev sign-in name', send({ method: 'POST', url: '/auth/dev', payload: { email: 'other@example.com', name: `Ada${character}` } }, 'public')],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      expect.soft(res.statusCode, name).toBe(400);
      if (name.startsWith('tRPC')) expect.soft(res.json().error.json.message, name).toBe(controlCharacterMessage);
      else expect.soft(res.json(), name).toEqual(refusedBody);
    }
    const trpc = await send(
      { method: 'POST', url: '/trpc/projects.update', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, title: `T${character}` })) },
      'customer',
    );
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.json.message).toBe(controlCharacterMessage);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('keeps tab, line breaks and non-ASCII text, and the same requests without the control character succeed', async () => {
    const scenes = [{ sceneId: 's1', title: 'One\tTwo', text: allowedText, durationSeconds: 5, wordCount: 9 }];
    const rest = await send({ method: 'PUT', url: `/api/projects/${projectId}`, payload: { title: 'Spring 🎬 launch', params: { script: allowedText }, scenes } }, 'customer');
    expect(rest.statusCode).toBe(200);
    const stored = await t.db.db.selectFrom('projects').select(['title', 'params', 'scenes']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(stored.title).toBe('Spring 🎬 launch');
    expect((stored.params as { script: string }).script).toBe(allowedText);
    expect((stored.scenes as { text: string }[])[0]?.text).toBe(allowedText);
    const trpc = await send(
      { method: 'POST', url: '/trpc/projects.update', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, title: 'Line\twith tab' })) },
      'customer',
    );
    expect(trpc.statusCode).toBe(200);
    // A JSON text holding a backslash-u sequence as text (escaped backslash) is not a control character.
    const literal = await send({ method: 'PUT', url: `/api/projects/${projectId}`, headers: { 'content-type': 'application/json' }, payload: '{"title":"C:\\\\u0000 is text"}' }, 'customer');
    expect(literal.statusCode).toBe(200);
    expect(literal.json().title).toBe('C:\\u0000 is text');
    const search = await send({ method: 'GET', url: '/api/admin/users?search=nina' }, 'admin');
    expect(search.statusCode).toBe(200);
    const signIn = await send({ method: 'POST', url: '/auth/dev', payload: { email: 'ada@example.com', name: 'Ada Lovelace' } }, 'public');
    expect(signIn.statusCode).toBe(200);
  });
});
