import { testDatabaseKinds } from '@reelsmith/db/testing';
import { auditSentence } from '@reelsmith/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Issue 21: audit entries name the customer and the details; refused (403) and failed admin calls are
// audited once, by the admin procedure middleware; the activity log is searched by the customer too.
describe.each(testDatabaseKinds())('admin audit outcomes on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  let support: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    admin = await adminAs(t, 'admin', 'ada.admin@example.com');
    await t.db.db.updateTable('admins').set({ first_name: 'Ada', last_name: 'Admin' }).where('id', '=', admin.id).execute();
    support = await adminAs(t, 'support', 'sam.support@example.com');
  });

  async function payingCustomer(email: string, name: string) {
    const plan = await t.db.db.selectFrom('plans').select(['id', 'name']).where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const cookie = await devSignIn(t.app, email, name);
    const open = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie }, payload: { planId: plan.id } });
    const paid = await t.app.inject({ method: 'POST', url: `/billing/local-checkout/${open.json().sessionId}/pay`, headers: { cookie } });
    expect(paid.statusCode).toBe(303);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const sub = await t.db.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).where('plan_id', '=', plan.id).executeTakeFirstOrThrow();
    const tx = await t.db.db.selectFrom('transactions').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return { userId: user.id, subscriptionId: sub.id, transactionId: tx.id, planName: plan.name };
  }

  const audits = () =>
    t.db.db.selectFrom('audit_logs').select(['action', 'outcome', 'admin_id', 'target_user_id', 'severity', 'details']).orderBy('created_at').orderBy('id').execute();

  it('records a refund with its customer, amount, type, plan and reason, and reads it as a sentence', async () => {
    const c = await payingCustomer('jane@example.com', 'Jane Doe');
    const res = await admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/refund`, { transactionId: c.transactionId, amount: 12, reason: 'duplicate charge' });
    expect(res.statusCode).toBe(200);
    const entry = (await audits()).find((a) => a.action === 'subscription_refund')!;
    expect(entry).toMatchObject({ outcome: 'succeeded', target_user_id: c.userId });
    expect(entry.details).toMatchObject({ amount: 12, currency: 'usd', refundType: 'partial', reason: 'duplicate charge', userEmail: 'jane@example.com', planName: c.planName });
    const call = await adminCaller(t, admin.token);
    const [row] = (await call.admin.auditLogs.list({ search: 'jane@example' })).data;
    expect(row).toMatchObject({ action: 'subscription_refund', outcome: 'succeeded', customer: { id: c.userId, email: 'jane@example.com', name: 'Jane Doe' } });
    expect(auditSentence(row!)).toBe(`Ada Admin refunded $12.00 (partial) to jane@example.com's ${c.planName} subscription — reason: 'duplicate charge'`);
  });

  it('finds actions taken on a customer by their e-mail or name, as they are now', async () => {
    const c = await payingCustomer('grace@example.com', 'Grace Hopper');
    await admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/adjust`, { type: 'extend', payload: { days: 3 }, reason: 'outage' });
    await admin.call('PATCH', `/api/admin/users/${c.userId}/status`, { isActive: false });
    const call = await adminCaller(t, admin.token);
    const actions = async (search: string) => (await call.admin.auditLogs.list({ search })).data.map((d) => d.action).sort();
    expect(await actions('GRACE@example')).toEqual(['subscription_adjust', 'user_status_update']);
    expect(await actions('grace hopper')).toEqual(['subscription_adjust', 'user_status_update']);
    // The customer changes their e-mail: the entries follow them.
    await t.db.db.updateTable('users').set({ email: 'g.hopper@example.com' }).where('id', '=', c.userId).execute();
    expect(await actions('g.hopper@')).toEqual(['subscription_adjust', 'user_status_update']);
    expect(await actions('nobody@')).toEqual([]);
  });

  it('audits a support admin refused a main-only mutation: 403, nothing changed, one entry "refused" naming the customer', async () => {
    const c = await payingCustomer('jane@example.com', 'Jane Doe');
    const before = (await audits()).length;
    const res = await support.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/refund`, { transactionId: c.transactionId, amount: 5, reason: '<script>x</script>' });
    expect(res.statusCode).toBe(403);
    expect(await t.db.db.selectFrom('refunds').select('id').execute()).toEqual([]);
    const added = (await audits()).slice(before);
    expect(added).toEqual([
      expect.objectContaining({ action: 'subscription_refund', outcome: 'refused', admin_id: support.id, target_user_id: c.userId, severity: 'warning' }),
    ]);
    // Only ids are kept from the refused call's input, never its free text.
    expect(JSON.stringify(added[0]!.details)).not.toContain('<script>');
    const call = await adminCaller(t, admin.token);
    const [row] = (await call.admin.auditLogs.list({ outcome: 'refused' })).data;
    expect(auditSentence(row!)).toBe('support Tester was refused: tried to refund a payment for jane@example.com, which the support role does not allow');
  });

  it('writes one entry per refused call when they arrive in parallel', async () => {
    const c = await payingCustomer('jane@example.com', 'Jane Doe');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => support.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/adjust`, { type: 'extend', payload: { days: 1 } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(403));
    const refused = (await audits()).filter((a) => a.outcome === 'refused');
    expect(refused).toHaveLength(12);
    expect(new Set(refused.map((a) => a.action))).toEqual(new Set(['subscription_adjust']));
  });

  it("audits a failing mutation as 'failed' with its error, and a failing or succeeding read not at all", async () => {
    const c = await payingCustomer('jane@example.com', 'Jane Doe');
    const tooMuch = await admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/refund`, { transactionId: c.transactionId, amount: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    const unknownUser = await admin.call('PATCH', '/api/admin/users/0b7f0b4e-4c55-4a63-9a7e-1f0f4f9a2b11/status', { isActive: false });
    expect(unknownUser.statusCode).toBe(404);
    const failed = (await audits()).filter((a) => a.outcome === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({ action: 'subscription_refund', admin_id: admin.id, target_user_id: c.userId, severity: 'warning', details: expect.objectContaining({ httpStatus: 400, errorCode: 'BAD_REQUEST', error: expect.stringContaining('cannot exceed') }) }),
      expect.objectContaining({ action: 'user_status_update', target_user_id: null, details: expect.objectContaining({ httpStatus: 404, error: 'User not found' }) }),
    ]);
    const before = (await audits()).length;
    expect((await admin.call('GET', '/api/admin/users?page=1')).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/admin/users/not-a-user/projects')).statusCode).toBe(404);
    expect((await admin.call('GET', '/api/admin/audit-logs?severity=loud')).statusCode).toBe(400);
    expect((await audits()).length).toBe(before);
  });

  it('exports the whole filtered, sorted lists as CSV for admins (formulas neutralised), audits each export, and refuses support', async () => {
    for (let i = 0; i < 12; i++) await devSignIn(t.app, `bulk${String(i).padStart(2, '0')}@example.com`, i === 3 ? '=HYPERLINK("x") Evil' : `Bulk ${i}`);
    const call = await adminCaller(t, admin.token);
    const users = await call.admin.exports.users({ search: 'bulk', sort: 'email', dir: 'desc' });
    const lines = users.csv.split('\r\n');
    expect(lines[0]).toBe('Id,Name,Email,Status,Plan,Subscription status,Projects,Joined,Last login');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toContain('bulk11@example.com');
    expect(lines[12]).toContain('bulk00@example.com');
    expect(users.csv).toContain(`"'=HYPERLINK(""x"") Evil"`);
    expect(users).toMatchObject({ rows: 12, truncated: false, fileName: expect.stringMatching(/^reelsmith-users-\d{4}-\d{2}-\d{2}\.csv$/) });
    const activity = await call.admin.exports.activity({});
    expect(activity.csv.split('\r\n')[0]).toBe('Time,Actor,Actor email,Action,Sentence,Customer,Outcome,Severity,IP address,Resource type,Resource id,Details');
    expect(activity.csv).toContain('Ada Admin exported 12 users to CSV');
    const exportsAudited = (await audits()).filter((a) => a.action.endsWith('_export'));
    expect(exportsAudited.map((a) => [a.action, a.outcome, (a.details as { rows: number }).rows])).toEqual([
      ['users_export', 'succeeded', 12],
      ['audit_log_export', 'succeeded', 1],
    ]);
    const refused = await support.call('POST', '/api/admin/exports/projects', {});
    expect(refused.statusCode).toBe(403);
    expect((await audits()).at(-1)).toMatchObject({ action: 'projects_export', outcome: 'refused' });
    expect((await admin.call('POST', '/api/admin/exports/users', { sort: 'password; drop table users' })).statusCode).toBe(400);
  });

  it('sorts the users, projects, subscriptions and activity lists by an allowed column only', async () => {
    for (const e of ['carol@example.com', 'alice@example.com', 'bob@example.com']) await devSignIn(t.app, e, e.split('@')[0]!);
    const call = await adminCaller(t, admin.token);
    const emails = async (dir: 'asc' | 'desc') => (await call.admin.users.list({ sort: 'email', dir })).data.map((u) => u.email);
    expect(await emails('asc')).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
    expect(await emails('desc')).toEqual(['carol@example.com', 'bob@example.com', 'alice@example.com']);
    const c = await payingCustomer('zed@example.com', 'Zed');
    const d = await payingCustomer('amy@example.com', 'Amy');
    const subs = async (dir: 'asc' | 'desc') => (await call.admin.subscriptions.list({ sort: 'user', dir })).data.map((s) => s.id);
    expect(await subs('asc')).toEqual([d.subscriptionId, c.subscriptionId]);
    expect(await subs('desc')).toEqual([c.subscriptionId, d.subscriptionId]);
    await t.db.db.insertInto('projects').values([{ user_id: c.userId, title: 'beta' }, { user_id: d.userId, title: 'Alpha' }]).execute();
    expect((await call.admin.projects.list({ sort: 'title', dir: 'asc' })).data.map((p) => p.title)).toEqual(['Alpha', 'beta']);
    await admin.call('PATCH', `/api/admin/users/${c.userId}/status`, { isActive: false });
    const bySeverity = (await call.admin.auditLogs.list({ sort: 'severity', dir: 'desc' })).data.map((l) => l.severity);
    expect(bySeverity[0]).toBe('warning');
    expect((await admin.call('GET', '/api/admin/users?sort=created_at%20desc')).statusCode).toBe(400);
    await t.db.db
      .insertInto('email_logs')
      .values(['zoe@example.com', 'adam@example.com', 'mia@example.com'].map((recipient_email) => ({ recipient_email, subject: 'Hi', email_type: 'test', send_status: 'sent' as const })))
      .execute();
    const recipients = async (dir: 'asc' | 'desc') => (await call.admin.email.logs.list({ sort: 'recipient', dir })).data.map((l) => l.recipientEmail);
    expect(await recipients('asc')).toEqual(['adam@example.com', 'mia@example.com', 'zoe@example.com']);
    expect(await recipients('desc')).toEqual(['zoe@example.com', 'mia@example.com', 'adam@example.com']);
  });
});
