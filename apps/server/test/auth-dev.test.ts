import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, devSignIn, type TestApp } from './test-app.ts';

describe.each(testDatabaseKinds())('development sign-in and the auth-user call on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
  });

  it('answers 401 with requiresReauth when signed out, over REST and tRPC', async () => {
    const rest = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({
      error: 'Session expired - please login again',
      message: 'Session expired - please login again',
      code: 'UNAUTHORIZED',
      reason: 'unauthorized',
      requiresReauth: true,
    });
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.user' });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json().error.json.data).toMatchObject({ code: 'UNAUTHORIZED', reason: 'unauthorized', requiresReauth: true });
  });

  it('sends /auth/google to the development page when Google is not configured, keeping a safe return path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=/project/new' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/dev');
    expect(res.cookies.find((c) => c.name === 'rs_return_to')?.value).toBe('/project/new');
    const evil = await t.app.inject({ method: 'GET', url: '/auth/google?returnTo=//evil.example' });
    expect(evil.cookies.find((c) => c.name === 'rs_return_to')?.value).toBe('/');
    const page = await t.app.inject({ method: 'GET', url: '/auth/dev' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('For development only.');
  });

  it('signs in through the form, sets a httpOnly SameSite=Lax session cookie and returns the user', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/dev',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'rs_return_to=%2Fprofile', 'user-agent': 'TestAgent/1.0' },
      payload: 'email=Grace%40Example.com&name=Grace+Brewster+Hopper',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/profile');
    const session = form.cookies.find((c) => c.name === 'rs_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `rs_session=${session?.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Brewster Hopper', dailyVideoCount: 0 });
    const stored = await t.db.db.selectFrom('user_sessions').select(['token_hash', 'user_agent', 'ip']).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(session?.value);
    expect(stored.user_agent).toBe('TestAgent/1.0');
    expect(stored.ip).toBe('127.0.0.1');
  });

  it('refuses a malformed e-mail with 400 and stores nothing', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'nope' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'Enter a valid e-mail address.' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/dev',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=%3Cscript%3E',
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('Enter a valid e-mail address.');
    expect(form.body).not.toContain('<script>');
    expect(await t.db.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const cookie = await devSignIn(t.app, 'ada@example.com');
    const out = await t.app.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(out.cookies.find((c) => c.name === 'rs_session')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const row = await t.db.db.selectFrom('user_sessions').select('end_reason').executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('logout');
  });

  it('refuses a suspended customer: open sessions answer 401 and sign-in answers 403', async () => {
    const cookie = await devSignIn(t.app, 'ada@example.com');
    await t.db.db.updateTable('users').set({ is_active: false }).execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ requiresReauth: true, error: 'Your account has been suspended. Please contact support.' });
    const again = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'ada@example.com' } });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('Your account has been suspended. Please contact support.');
  });

  it('treats an expired session as signed out', async () => {
    const cookie = await devSignIn(t.app, 'ada@example.com');
    t.clock.advance((t.config.sessionTtlSeconds + 1) * 1000);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('redirects /api/login to the sign-in start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google');
  });

  it('keeps each customer to their own session', async () => {
    const a = await devSignIn(t.app, 'a@example.com');
    const b = await devSignIn(t.app, 'b@example.com');
    const meA = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: a } });
    const meB = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: b } });
    expect(meA.json().email).toBe('a@example.com');
    expect(meB.json().email).toBe('b@example.com');
    expect(cookieHeader(await t.app.inject({ method: 'GET', url: '/healthz' }))).toBe('');
  });
});
