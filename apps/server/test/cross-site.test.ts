import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import cookie from '@fastify/cookie';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { setSessionCookie } from '../src/auth/session-cookie.ts';
import { loadConfig } from '../src/config.ts';
import { crossSiteMessage } from '../src/plugins/cross-site.ts';
import { unsupportedBodyMessage } from '../src/plugins/error-handler.ts';
import { adminAs } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Issue 13 item 4: a page on another site (a sibling subdomain is same-site, so SameSite=Lax lets the
// cookie through) must not change anything with the customer's cookie: REST, tRPC mutations, the HTML
// forms and sign-out. Form bodies are parsed only where a plain HTML form posts.

const publicOrigin = 'https://reelsmith.example';
const extraOrigin = 'https://preview.reelsmith.example';
const refusedBody = { error: crossSiteMessage, message: crossSiteMessage, code: 'FORBIDDEN', reason: 'forbidden' };

/** How a browser marks a request from another site, in each of the headers the guard reads. */
const foreignSenders: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://evil.reelsmith.example' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ['Origin of another site (no Sec-Fetch-Site)', { origin: 'https://evil.reelsmith.example' }],
  ['Origin with our host but another scheme', { origin: 'http://reelsmith.example' }],
  ['Sec-Fetch-Site: cross-site with an Origin equal to the address (DNS rebinding)', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }],
  ['Origin: null (sandboxed frame)', { origin: 'null' }],
  ['only a Referer of another site', { referer: 'https://evil.example/page' }],
];

/** How our own pages (and non-browser clients) send, all allowed. */
const ownSenders: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: publicOrigin }],
  ['Sec-Fetch-Site: none (typed or bookmarked by the user)', { 'sec-fetch-site': 'none' }],
  ['Origin equal to PUBLIC_URL', { origin: publicOrigin }],
  ['Origin listed in ALLOWED_ORIGINS', { origin: extraOrigin }],
  ['Sec-Fetch-Site: same-site from an origin listed in ALLOWED_ORIGINS', { 'sec-fetch-site': 'same-site', origin: extraOrigin }],
  ['Origin of the Vite dev server (development)', { origin: 'http://localhost:5173' }],
  ['Origin equal to the address the request was sent to', { origin: 'http://localhost' }],
  ['only a Referer of our own', { referer: `${publicOrigin}/projects` }],
  ['no browser headers (curl, a server)', {}],
];

describe.each(testDatabaseKinds())('cross-site requests on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: publicOrigin, ALLOWED_ORIGINS: extraOrigin, RATE_LIMIT_MAX: '100000' }, undefined, { work: false });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    customer = await devSignIn(t.app, 'carla@example.com', 'Carla Cookie');
    const created = await call({ method: 'POST', url: '/api/projects', payload: { title: 'Mine' } });
    expect(created.statusCode).toBe(201);
    projectId = created.json().id;
    await t.db.db.updateTable('projects').set({ status: 'Merged' }).execute(); // finished, so it may be shared
  });

  const call = (options: InjectOptions, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { cookie: customer, ...(options.headers ?? {}), ...headers } });
  const projectCount = async () => (await t.db.db.selectFrom('projects').select('id').execute()).length;
  const shares = async () => t.db.db.selectFrom('shares').select('id').execute();
  const proPlanId = async () => (await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow()).id;

  async function buyPro(): Promise<void> {
    const open = await call({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { planId: await proPlanId(), quantity: 1 } });
    const path = new URL(open.json().url as string).pathname;
    const paid = await call({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }, { 'sec-fetch-site': 'same-origin' });
    expect(paid.statusCode).toBe(303);
  }

  describe.each(foreignSenders)('from another site: %s', (_name, headers) => {
    it('refuses REST writes (share, cancel, new project) and changes nothing', async () => {
      await buyPro();
      const share = await call({ method: 'POST', url: `/api/projects/${projectId}/share` }, headers);
      expect(share.statusCode).toBe(403);
      expect(share.json()).toEqual(refusedBody);
      expect(await shares()).toEqual([]);
      const cancel = await call({ method: 'POST', url: '/api/subscription/cancel', payload: {} }, headers);
      expect(cancel.statusCode).toBe(403);
      expect((await call({ method: 'GET', url: '/api/subscription/current' })).json()).toMatchObject({ planName: 'Pro', status: 'active', cancelAtPeriodEnd: false });
      const generate = await call({ method: 'POST', url: `/api/projects/${projectId}/generate-scenes`, payload: { script: 'Buy it.' } }, headers);
      expect(generate.statusCode).toBe(403);
      const created = await call({ method: 'POST', url: '/api/projects', payload: {} }, headers);
      expect(created.statusCode).toBe(403);
      // A form body (what a cross-site <form> sends) is refused before it is read.
      const form = await call({ method: 'POST', url: '/api/projects', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'title=Hijack' }, headers);
      expect(form.statusCode).toBe(403);
      const deleted = await call({ method: 'DELETE', url: `/api/projects/${projectId}` }, headers);
      expect(deleted.statusCode).toBe(403);
      expect(await projectCount()).toBe(1);
    });

    it('refuses making an API key or a webhook endpoint, starting a step (REST, with Prefer, or tRPC), and makes none', async () => {
      const key = await call({ method: 'POST', url: '/api/auth/api-keys', payload: { name: 'stolen' } }, headers);
      expect(key.statusCode).toBe(403);
      expect(key.json()).toEqual(refusedBody);
      const hook = await call({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://attacker.example/hook', description: 'exfiltrate' } }, headers);
      expect(hook.statusCode).toBe(403);
      const voice = { voiceId: 'x', sceneSpeedSettings: {} };
      const asyncStart = await call({ method: 'POST', url: `/api/projects/${projectId}/generate-voiceover`, payload: voice, headers: { prefer: 'respond-async' } }, headers);
      expect(asyncStart.statusCode).toBe(403);
      const trpcStart = await call({ method: 'POST', url: '/trpc/generation.start.voiceover', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, ...voice })) }, headers);
      expect(trpcStart.statusCode).toBe(403);
      expect(await t.db.db.selectFrom('api_keys').select('id').execute()).toEqual([]);
      expect(await t.db.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
      expect(await t.db.db.selectFrom('generation_jobs').select('id').execute()).toEqual([]);
    });

    it('refuses tRPC mutations, single and batched, in tRPC’s error shape', async () => {
      const single = await call(
        { method: 'POST', url: '/trpc/projects.update', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, title: 'Hijacked' })) },
        headers,
      );
      expect(single.statusCode).toBe(403);
      expect(single.json().error.json).toMatchObject({ message: crossSiteMessage, data: { code: 'FORBIDDEN', httpStatus: 403, path: 'projects.update' } });
      const batch = await call(
        {
          method: 'POST',
          url: '/trpc/sharing.create,projects.delete?batch=1',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ 0: superjson.serialize({ id: projectId }), 1: superjson.serialize({ id: projectId }) }),
        },
        headers,
      );
      expect(batch.statusCode).toBe(403);
      expect((batch.json() as { error: { json: { message: string } } }[]).map((e) => e.error.json.message)).toEqual([crossSiteMessage, crossSiteMessage]);
      const project = await t.db.db.selectFrom('projects').select('title').executeTakeFirstOrThrow();
      expect(project.title).toBe('Mine');
      expect(await shares()).toEqual([]);
      // Reads are not refused: without CORS the other site cannot read the answer.
      const read = await call({ method: 'GET', url: '/trpc/projects.list' }, headers);
      expect(read.statusCode).toBe(200);
    });

    it('refuses the HTML form posts (sign-in, local checkout) and sign-out', async () => {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'email=attacker%40example.com&name=Mallory',
      });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.cookies.find((c) => c.name === 'rs_session')).toBeUndefined();
      expect(await t.db.db.selectFrom('users').select('id').where('email', '=', 'attacker@example.com').execute()).toEqual([]);

      const open = await call({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { planId: await proPlanId(), quantity: 1 } });
      const path = new URL(open.json().url as string).pathname;
      const pay = await call({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }, headers);
      expect(pay.statusCode).toBe(403);
      const cancel = await call({ method: 'POST', url: `${path}/cancel`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }, headers);
      expect(cancel.statusCode).toBe(403);
      expect((await call({ method: 'GET', url: '/api/subscription/current' })).json()).toMatchObject({ planName: 'Free' });

      const signOut = await call({ method: 'GET', url: '/auth/logout' }, headers);
      expect(signOut.statusCode).toBe(403);
      expect((await call({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    });

    it('refuses admin writes too, and leaves the Stripe webhook to its signature', async () => {
      const admin = await adminAs(t, 'superadmin');
      const user = await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const suspend = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}/status`,
        headers: { authorization: `Bearer ${admin.token}`, ...headers },
        payload: { isActive: false },
      });
      expect(suspend.statusCode).toBe(403);
      expect((await t.db.db.selectFrom('users').select('is_active').executeTakeFirstOrThrow()).is_active).toBe(true);
      const webhook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });
      expect(webhook.statusCode).toBe(404); // no Stripe in this app: the route ran, the guard did not answer
      expect(webhook.json().error).toBe('Stripe is not configured on this server');
    });
  });

  describe.each(ownSenders)('from our own pages: %s', (_name, headers) => {
    it('accepts REST and tRPC writes, the forms and sign-out', async () => {
      await buyPro();
      const share = await call({ method: 'POST', url: `/api/projects/${projectId}/share` }, headers);
      expect(share.statusCode).toBe(200);
      expect(await shares()).toHaveLength(1);
      const update = await call(
        { method: 'POST', url: '/trpc/projects.update', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(superjson.serialize({ id: projectId, title: 'Renamed' })) },
        headers,
      );
      expect(update.statusCode).toBe(200);
      expect((await t.db.db.selectFrom('projects').select('title').executeTakeFirstOrThrow()).title).toBe('Renamed');
      const cancel = await call({ method: 'POST', url: '/api/subscription/cancel', payload: {} }, headers);
      expect(cancel.statusCode).toBe(200);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'email=second%40example.com&name=Second',
      });
      expect(signIn.statusCode).toBe(303);
      const signOut = await call({ method: 'GET', url: '/auth/logout' }, headers);
      expect(signOut.statusCode).toBe(302);
      expect((await call({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    });
  });

  it('parses form bodies only on the HTML form routes: the API answers 415 to them', async () => {
    const same = { 'sec-fetch-site': 'same-origin' };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const rest = await call({ method: 'POST', url: '/api/projects', headers: form, payload: 'title=Form' }, same);
    expect(rest.statusCode).toBe(415);
    expect(rest.json()).toMatchObject({ error: unsupportedBodyMessage, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const cancel = await call({ method: 'POST', url: '/api/subscription/cancel', headers: form, payload: '' }, same);
    expect(cancel.statusCode).toBe(415);
    const trpc = await call({ method: 'POST', url: '/trpc/projects.create', headers: form, payload: 'title=Form' }, same);
    expect(trpc.statusCode).toBe(415);
    expect(trpc.json()).toMatchObject({ error: { json: { message: unsupportedBodyMessage, data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } } });
    const admin = await adminAs(t, 'superadmin');
    const adminForm = await t.app.inject({ method: 'POST', url: '/api/admin/admins', headers: { authorization: `Bearer ${admin.token}`, ...form, ...same }, payload: 'email=x%40example.com' });
    expect(adminForm.statusCode).toBe(415);
    expect(await projectCount()).toBe(1);
    // The forms themselves still post.
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/dev', headers: { ...form, ...same }, payload: 'email=form%40example.com&name=Form' });
    expect(signIn.statusCode).toBe(303);
  });
});

describe('session cookie attributes', () => {
  it('is HttpOnly, SameSite=Lax, on the whole site, and Secure in production', async () => {
    for (const isProduction of [false, true]) {
      const app = Fastify();
      await app.register(cookie);
      const config = { ...loadConfig({ NODE_ENV: 'test' }), isProduction };
      app.get('/', (_req, reply) => {
        setSessionCookie(reply, config, 'token-value', new Date(Date.now() + 3600_000));
        return reply.send('ok');
      });
      const res = await app.inject({ method: 'GET', url: '/' });
      const session = res.cookies.find((c) => c.name === 'rs_session');
      expect(session).toMatchObject({ value: 'token-value', httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(Boolean(session?.secure)).toBe(isProduction);
      await app.close();
    }
  });
});
