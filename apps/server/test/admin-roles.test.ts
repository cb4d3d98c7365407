import { sql } from 'kysely';
import { TRPCError } from '@trpc/server';
import { appRouter } from '@reelsmith/api';
import { defaultSystemSettings } from '@reelsmith/shared';
import type { AdminRole } from '@reelsmith/db';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAs } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// The back-office role matrix (docs/decisions.md, "Admin roles"): every admin.* procedure of the
// appRouter, called as support, admin and superadmin. Denied → FORBIDDEN, nothing in the database
// changed (no state change) but exactly one audit entry with outcome 'refused' (issue 21); allowed →
// anything but FORBIDDEN. Whoever adds an admin
// procedure adds its row here: the test fails for a procedure without a row (and for a row without a procedure).

const ROLES: AdminRole[] = ['support', 'admin', 'superadmin'];
const everyone: AdminRole[] = ['support', 'admin', 'superadmin'];
const managers: AdminRole[] = ['admin', 'superadmin'];
const superadmins: AdminRole[] = ['superadmin'];

interface Fixture {
  userId: string;
  subscriptionId: string;
  transactionId: string;
  templateId: string;
  targetAdminId: string;
  planId: string;
}

interface Row {
  allowed: AdminRole[];
  input?: (f: Fixture) => unknown;
}

const matrix: Record<string, Row> = {
  // Sign-in (login is public: any caller may try it) and the admin's own session.
  'admin.auth.login': { allowed: everyone, input: () => ({ email: 'nobody@example.com', password: 'wrong' }) },
  'admin.auth.logout': { allowed: everyone },
  'admin.auth.me': { allowed: everyone },
  // Overview, users, sessions, projects, activity.
  'admin.stats.get': { allowed: everyone, input: () => ({ timeRange: '7days' }) },
  'admin.stats.series': { allowed: everyone, input: () => ({ range: '30d' }) },
  'admin.analytics.projectFunnel': { allowed: everyone, input: () => ({ timeRange: 'month' }) },
  'admin.analytics.signupFunnel': { allowed: everyone, input: () => ({ timeRange: 'month' }) },
  'admin.users.list': { allowed: everyone, input: () => ({ page: 1, limit: 10 }) },
  'admin.users.setStatus': { allowed: everyone, input: (f) => ({ userId: f.userId, isActive: false }) },
  'admin.users.projects': { allowed: everyone, input: (f) => ({ userId: f.userId }) },
  'admin.sessions.list': { allowed: everyone },
  'admin.projects.stats': { allowed: everyone },
  'admin.projects.list': { allowed: everyone, input: () => ({ page: 1, limit: 10 }) },
  'admin.auditLogs.list': { allowed: everyone, input: () => ({ page: 1, limit: 20 }) },
  'admin.auditLogs.summary': { allowed: everyone },
  // Subscriptions: everyone reads; refunds and adjustments are for admins.
  'admin.subscriptions.overview': { allowed: everyone, input: () => ({}) },
  'admin.subscriptions.list': { allowed: everyone, input: () => ({ page: 1, pageSize: 20 }) },
  'admin.subscriptions.forUser': { allowed: everyone, input: (f) => ({ userId: f.userId }) },
  'admin.subscriptions.refund': { allowed: managers, input: (f) => ({ subscriptionId: f.subscriptionId, transactionId: f.transactionId, amount: 1, reason: 'role matrix' }) },
  'admin.subscriptions.cancel': { allowed: managers, input: (f) => ({ subscriptionId: f.subscriptionId, when: 'now', reason: 'role matrix' }) },
  'admin.subscriptions.adjust': { allowed: managers, input: (f) => ({ subscriptionId: f.subscriptionId, type: 'extend', payload: { days: 3 }, reason: 'role matrix' }) },
  // Settings and e-mail: everyone reads; changes are for admins.
  'admin.settings.get': { allowed: everyone },
  'admin.providers.get': { allowed: everyone },
  'admin.settings.save': { allowed: managers, input: () => ({ ...defaultSystemSettings, general: { ...defaultSystemSettings.general, siteName: 'Role Matrix' } }) },
  'admin.email.templates.list': { allowed: everyone, input: () => ({ page: 1, limit: 20 }) },
  'admin.email.templates.create': { allowed: managers, input: () => ({ name: 'role_matrix', subject: 'Hello', htmlContent: '<p>Hi</p>', textContent: 'Hi', isActive: true }) },
  'admin.email.templates.update': { allowed: managers, input: (f) => ({ id: f.templateId, name: 'welcome', subject: 'Changed', htmlContent: '<p>Hi</p>', textContent: 'Hi', isActive: true }) },
  'admin.email.logs.list': { allowed: everyone, input: () => ({ page: 1, limit: 20 }) },
  'admin.email.sendTest': { allowed: managers, input: () => ({ templateName: 'welcome', recipientEmail: 'someone@example.com' }) },
  // Admin accounts: everyone may see the list; only superadmins change it.
  'admin.admins.list': { allowed: everyone },
  'admin.admins.create': { allowed: superadmins, input: () => ({ email: 'new-admin@example.com', password: 'A-strong-passw0rd!', firstName: 'New', lastName: 'Admin', role: 'support' }) },
  'admin.admins.delete': { allowed: superadmins, input: (f) => ({ id: f.targetAdminId }) },
  // CSV exports of the lists (issue 21): admins, not support.
  'admin.exports.users': { allowed: managers, input: () => ({}) },
  'admin.exports.subscriptions': { allowed: managers, input: () => ({}) },
  'admin.exports.projects': { allowed: managers, input: () => ({}) },
  'admin.exports.activity': { allowed: managers, input: () => ({}) },
};

const adminProcedures = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('admin.')).sort();

describe('admin role matrix table', () => {
  it('has exactly one row per admin procedure of the appRouter', () => {
    expect(adminProcedures.filter((p) => !(p in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((p) => !adminProcedures.includes(p))).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('admin role matrix on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { work: false });
  });
  afterAll(async () => {
    await t.close();
  });

  async function seed(): Promise<Fixture> {
    const db = t.db.db;
    const user = await db.insertInto('users').values({ email: 'customer@example.com', first_name: 'Cora', last_name: 'Customer' }).returning('id').executeTakeFirstOrThrow();
    const plan = await db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const now = t.clock.now();
    const sub = await db
      .insertInto('subscriptions')
      .values({ user_id: user.id, plan_id: plan.id, status: 'active', start_date: now, end_date: new Date(now.getTime() + 30 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tx = await db
      .insertInto('transactions')
      .values({ user_id: user.id, subscription_id: sub.id, plan_id: plan.id, amount_cents: 4900, status: 'succeeded', transaction_date: now, stripe_payment_intent_id: 'pi_local_role_matrix' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('projects').values({ user_id: user.id, title: 'Cora project' }).execute();
    const template = await db.insertInto('email_templates').values({ name: 'welcome', subject: 'Welcome', html_content: '<p>Hi</p>', text_content: 'Hi' }).returning('id').executeTakeFirstOrThrow();
    const target = await db.insertInto('admins').values({ email: 'target-admin@example.com', password_hash: 'unused', role: 'support' }).returning('id').executeTakeFirstOrThrow();
    return { userId: user.id, subscriptionId: sub.id, transactionId: tx.id, templateId: template.id, targetAdminId: target.id, planId: plan.id };
  }

  /** Every row of every table a back-office call could change (admin_tokens only records token use; audit_logs is checked on its own). */
  async function fingerprint(): Promise<Record<string, string>> {
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' and tablename not in ('admin_tokens', 'audit_logs') order by tablename`.execute(t.db.db);
    const result: Record<string, string> = {};
    for (const { tablename } of tables.rows) {
      const row = await sql<{ digest: string | null }>`select md5(string_agg(x::text, '|' order by x::text)) as digest from ${sql.table(tablename)} x`.execute(t.db.db);
      result[tablename] = row.rows[0]?.digest ?? 'empty';
    }
    return result;
  }

  /** The caller's procedure at a dotted path (admin.users.list → caller.admin.users.list). */
  function procedureAt(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
    return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  }

  /** Calls the procedure with an admin's token; answers the tRPC error code, or null on success. */
  async function callWith(token: string, path: string, input: unknown): Promise<string | null> {
    const caller = await adminCaller(t, token);
    const error = await procedureAt(caller, path)(input).then(() => null, (err: unknown) => err);
    if (error === null) return null;
    if (error instanceof TRPCError) return error.code;
    throw error;
  }

  it.each(adminProcedures.filter((p) => p in matrix))('%s', async (path) => {
    const row = matrix[path]!;
    await t.db.reset();
    const fixture = await seed();
    const input = row.input?.(fixture);
    // Denied roles first, on untouched data; then the allowed ones.
    const denied = ROLES.filter((r) => !row.allowed.includes(r));
    for (const role of denied) {
      const admin = await adminAs(t, role);
      const before = await fingerprint();
      expect(await callWith(admin.token, path, input), `${role} → ${path}`).toBe('FORBIDDEN');
      expect(await fingerprint(), `${role} → ${path} must change nothing`).toEqual(before);
      const audits = await t.db.db.selectFrom('audit_logs').select(['outcome', 'details']).where('admin_id', '=', admin.id).execute();
      expect(audits, `${role} → ${path} is audited once as refused`).toEqual([{ outcome: 'refused', details: expect.objectContaining({ procedure: path, role }) }]);
    }
    for (const role of row.allowed) {
      const code = await callWith((await adminAs(t, role)).token, path, input);
      expect(code, `${role} → ${path}`).not.toBe('FORBIDDEN');
      // A wrong password is the login's own 401; everywhere else the token is good.
      if (path !== 'admin.auth.login') expect(code, `${role} → ${path}`).not.toBe('UNAUTHORIZED');
    }
  });
});
