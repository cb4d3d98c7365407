import { hashPassword } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

describe.each(testDatabaseKinds())('admin sign-in on %s', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    passwordHash = await hashPassword('right-password');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    await t.db.db
      .insertInto('admins')
      .values({ email: 'ops@example.com', password_hash: passwordHash, first_name: 'Ops', last_name: 'Lead', role: 'admin' })
      .execute();
  });

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/trpc/admin.auth.me', headers: { authorization: `Bearer ${token}` } });

  it('answers a bearer token and the admin record, stores only the token hash, and audits the sign-in', async () => {
    const res = await login('OPS@example.com', 'right-password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.admin).toEqual({ id: expect.any(String), email: 'ops@example.com', firstName: 'Ops', lastName: 'Lead', role: 'admin', isActive: true });
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.db.db.selectFrom('admin_tokens').select(['token_hash', 'expires_at']).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(body.token);
    const lifetime = stored.expires_at.getTime() - t.clock.now().getTime();
    expect(lifetime).toBe(7200 * 1000);
    const audit = await t.db.db.selectFrom('audit_logs').select(['action', 'admin_email', 'ip_address']).execute();
    expect(audit).toEqual([{ action: 'admin_login', admin_email: 'ops@example.com', ip_address: '127.0.0.1' }]);
    expect((await me(body.token)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await login('ops@example.com', 'nope');
    const unknown = await login('nobody@example.com', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid email or password');
    expect(await t.db.db.selectFrom('admin_tokens').select('id').execute()).toHaveLength(0);
  });

  it('answers a refused password without requiresReauth on REST and tRPC, while an expired token keeps it (issue 18)', async () => {
    const rest = await login('ops@example.com', 'nope');
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({ error: 'Invalid email or password', message: 'Invalid email or password', code: 'UNAUTHORIZED', reason: 'invalid_credentials' });
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/admin.auth.login', payload: { json: { email: 'ops@example.com', password: 'nope' } } });
    expect(trpc.statusCode).toBe(401);
    const error = trpc.json().error.json;
    expect(error.message).toBe('Invalid email or password');
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, reason: 'invalid_credentials' });
    expect(error.data.requiresReauth ?? 'absent').toBe('absent');

    const { token } = (await login('ops@example.com', 'right-password')).json();
    t.clock.advance(7201 * 1000);
    const expired = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${token}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: 'Session expired - please login again', reason: 'unauthorized', requiresReauth: true });
  });

  it('refuses missing fields with the spec message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Missing fields: Please enter both email and password');
  });

  it('locks the account after five failures, audits the lock, and refuses even the right password', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('ops@example.com', `bad-${i}`)).statusCode).toBe(401);
    const locked = await login('ops@example.com', 'right-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    const lock = await t.db.db.selectFrom('audit_logs').select(['severity']).where('action', '=', 'admin_account_locked').execute();
    expect(lock).toEqual([{ severity: 'critical' }]);
    t.clock.advance(16 * 60_000);
    expect((await login('ops@example.com', 'right-password')).statusCode).toBe(200);
  });

  it('refuses an inactive admin', async () => {
    await t.db.db.updateTable('admins').set({ is_active: false }).execute();
    const res = await login('ops@example.com', 'right-password');
    expect(res.statusCode).toBe(403);
    expect(await t.db.db.selectFrom('admin_tokens').select('id').execute()).toHaveLength(0);
  });

  it('revokes the token on logout and audits it', async () => {
    const { token } = (await login('ops@example.com', 'right-password')).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const actions = await t.db.db.selectFrom('audit_logs').select('action').orderBy('created_at').execute();
    expect(actions.map((a) => a.action)).toContain('admin_logout');
  });

  it('expires tokens after the session timeout', async () => {
    const { token } = (await login('ops@example.com', 'right-password')).json();
    t.clock.advance(7201 * 1000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.json.data.requiresReauth).toBe(true);
  });

  it('does not accept a customer session as an admin', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'ops@example.com' } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});
