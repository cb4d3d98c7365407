import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp, listenOnLoopback } from './test-app.ts';

const PARALLEL = 25;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

// Sign-in, billing, sharing and back-office writes called in parallel over real sockets, as a
// crowd (or a script) would: one account per e-mail, one subscription per customer, no 5xx.
describe.each(testDatabaseKinds())('parallel account and back-office writes on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    admin = await adminAs(t, 'superadmin', 'root-admin@example.com');
  });

  async function call(method: string, path: string, init: { body?: object; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { connection: 'close', ...init.headers };
    let body: string | undefined;
    if (init.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, setCookie: res.headers.getSetCookie() };
  }
  const times = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, (_, i) => fn(i)));
  const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);

  it('a first sign-in clicked many times makes one customer with one Free subscription and a session per click', async () => {
    const answers = await times(() => call('POST', '/auth/dev', { body: { email: 'crowd@example.com', name: 'Crowd Person' } }));
    no5xx(answers);
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    const users = await t.db.db.selectFrom('users').select('id').where('email', '=', 'crowd@example.com').execute();
    expect(users).toHaveLength(1);
    const subs = await t.db.db.selectFrom('subscriptions').select('status').where('user_id', '=', users[0]!.id).execute();
    expect(subs).toEqual([{ status: 'active' }]);
    const sessions = await t.db.db.selectFrom('user_sessions').select('id').where('user_id', '=', users[0]!.id).execute();
    expect(sessions).toHaveLength(PARALLEL);
  });

  it('parallel checkouts and cancellations leave one consistent subscription', async () => {
    const cookie = await devSignIn(t.app, 'buyer@example.com', 'Bea Buyer');
    const plan = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const opened = await times(() => call('POST', '/api/stripe/create-checkout-session', { body: { planId: plan.id }, headers: { cookie } }));
    no5xx(opened);
    expect(opened.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    const sessionId = opened[0]!.body.sessionId as string;
    // The same checkout paid from many tabs at once is one payment.
    const paid = await times(() => call('POST', `/billing/local-checkout/${sessionId}/pay`, { headers: { cookie } }));
    no5xx(paid);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow();
    const transactions = await t.db.db.selectFrom('transactions').select(['amount_cents', 'status']).where('user_id', '=', user.id).execute();
    expect(transactions).toEqual([{ amount_cents: 4900, status: 'succeeded' }]);
    const current = await t.db.db.selectFrom('subscriptions').select(['plan_id', 'status']).where('user_id', '=', user.id).where('status', '=', 'active').execute();
    expect(current).toEqual([{ plan_id: plan.id, status: 'active' }]);
    const cancelled = await times(() => call('POST', '/api/subscription/cancel', { body: {}, headers: { cookie } }));
    no5xx(cancelled);
    expect(cancelled.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    const after = await t.db.db.selectFrom('subscriptions').select('status').where('user_id', '=', user.id).where('plan_id', '=', plan.id).execute();
    expect(after).toEqual([{ status: 'cancelled' }]);
  });

  it('one admin account per e-mail and one template per name, however many create them at once', async () => {
    const admins = await times(() =>
      call('POST', '/api/admin/admins', {
        body: { email: 'new-admin@example.com', password: 'Str0ng-enough-password!', firstName: 'New', lastName: 'Admin', role: 'support' },
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    no5xx(admins);
    expect(admins.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(admins.filter((a) => a.status !== 201).map((a) => a.status))).toEqual(new Set([409]));
    expect(await t.db.db.selectFrom('admins').select('id').where('email', '=', 'new-admin@example.com').execute()).toHaveLength(1);
    // One creation audited; each refused duplicate once as 'failed' (issue 21).
    const audits = await t.db.db.selectFrom('audit_logs').select('outcome').where('action', '=', 'admin_create').execute();
    expect(audits.filter((e) => e.outcome === 'succeeded').length).toBeLessThanOrEqual(1);
    expect(audits.filter((e) => e.outcome === 'failed')).toHaveLength(admins.filter((a) => a.status === 409).length);

    const templates = await times(() =>
      call('POST', '/api/admin/email/templates', {
        body: { name: 'parallel-template', subject: 'Hello {{userName}}', htmlContent: '<p>Hi</p>', textContent: 'Hi', variables: ['userName'], isActive: true },
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    no5xx(templates);
    expect(templates.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await t.db.db.selectFrom('email_templates').select('id').where('name', '=', 'parallel-template').execute()).toHaveLength(1);
  });

  it('parallel suspensions and settings saves answer cleanly and end in one state', async () => {
    await devSignIn(t.app, 'target@example.com', 'Tara Target');
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', 'target@example.com').executeTakeFirstOrThrow();
    const status = await times((i) =>
      call('PATCH', `/api/admin/users/${user.id}/status`, { body: { isActive: i % 2 === 1 }, headers: { authorization: `Bearer ${admin.token}` } }),
    );
    no5xx(status);
    expect(status.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    // Each change is audited once; the account ends in one of the two states, its sessions ended if suspended.
    const audits = await t.db.db.selectFrom('audit_logs').select('action').where('resource_id', '=', user.id).execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(audits.length).toBeLessThanOrEqual(PARALLEL);
    // The account ends in the state of the last change applied, and a suspended account has no live session.
    const after = await t.db.db.selectFrom('users').select('is_active').where('id', '=', user.id).executeTakeFirstOrThrow();
    const live = await t.db.db.selectFrom('user_sessions').select('id').where('user_id', '=', user.id).where('ended_at', 'is', null).execute();
    if (!after.is_active) expect(live).toEqual([]);
    const settings = (await call('GET', '/api/admin/settings', { headers: { authorization: `Bearer ${admin.token}` } })).body;
    const saves = await times(() => call('POST', '/api/admin/settings', { body: settings, headers: { authorization: `Bearer ${admin.token}` } }));
    no5xx(saves);
    expect(saves.every((a) => a.status === 200)).toBe(true);
  });
});
