import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { adminCaller } from './support/admin-caller.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('admin activity log on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An audit entry (as writeAudit stores it) stamped the given hours before the clock. */
  async function entry(
    action: string,
    hoursAgo: number,
    extra: { severity?: 'info' | 'warning' | 'error' | 'critical'; resourceType?: string; resourceId?: string; details?: Record<string, unknown> } = {},
  ) {
    await t.db.db
      .insertInto('audit_logs')
      .values({
        action,
        user_type: 'admin',
        admin_id: admin.id,
        admin_email: admin.email,
        ip_address: '203.0.113.5',
        severity: extra.severity ?? 'info',
        resource_type: extra.resourceType ?? null,
        resource_id: extra.resourceId ?? null,
        details: JSON.stringify(extra.details ?? {}),
        created_at: new Date(t.clock.now().getTime() - hoursAgo * HOUR),
      })
      .execute();
  }

  beforeEach(async () => {
    await t.db.reset();
    // "Today" starts at UTC midnight: pin the clock to midday (after the real time, so tokens the database stamps stay valid).
    t.clock.set(new Date('2027-02-10T12:00:00Z'));
    admin = await adminAs(t, 'support', 'ops.lead@example.com');
    await t.db.db.updateTable('admins').set({ first_name: 'Olive', last_name: 'Operator' }).where('id', '=', admin.id).execute();
  });

  it('lists entries newest first, searched and filtered by action group and severity, 20 a page', async () => {
    await entry('admin_login', 1);
    await entry('user_status_update', 2, { severity: 'warning', resourceType: 'user', resourceId: 'u-1', details: { isActive: false, userEmail: 'ada@example.com' } });
    await entry('settings_update', 3, { resourceType: 'settings', details: { settingName: 'general' } });
    await entry('admin_account_locked', 4, { severity: 'critical', resourceType: 'admin' });
    await entry('project_delete', 5, { severity: 'error', resourceType: 'project', resourceId: 'p-9' });
    await entry('database_export', 6);
    const call = await adminCaller(t, admin.token);
    const all = await call.admin.auditLogs.list({});
    expect(all.total).toBe(6);
    expect(all.data.map((d) => d.action)).toEqual(['admin_login', 'user_status_update', 'settings_update', 'admin_account_locked', 'project_delete', 'database_export']);
    expect(all.data[1]).toMatchObject({
      severity: 'warning',
      userType: 'admin',
      adminUser: { email: 'ops.lead@example.com', name: 'Olive Operator' },
      ipAddress: '203.0.113.5',
      resourceType: 'user',
      details: { isActive: false, userEmail: 'ada@example.com' },
    });
    const actions = async (input: Parameters<typeof call.admin.auditLogs.list>[0]) => (await call.admin.auditLogs.list(input)).data.map((d) => d.action);
    expect(await actions({ action: 'auth' })).toEqual(['admin_login', 'admin_account_locked']);
    expect(await actions({ action: 'user_management' })).toEqual(['user_status_update']);
    expect(await actions({ action: 'projects' })).toEqual(['project_delete']);
    expect(await actions({ action: 'settings' })).toEqual(['settings_update']);
    expect(await actions({ action: 'database' })).toEqual(['database_export']);
    expect(await actions({ action: 'all', severity: 'all' })).toHaveLength(6);
    expect(await actions({ severity: 'critical' })).toEqual(['admin_account_locked']);
    expect(await actions({ search: 'OLIVE' })).toHaveLength(6);
    expect(await actions({ search: 'status update' })).toEqual(['user_status_update']);
    expect(await actions({ search: 'project' })).toEqual(['project_delete']);
    expect(await actions({ search: 'nobody@' })).toEqual([]);
    const paged = await call.admin.auditLogs.list({ page: 2, limit: 4 });
    expect(paged.total).toBe(6);
    expect(paged.data.map((d) => d.action)).toEqual(['project_delete', 'database_export']);
    expect((await call.admin.auditLogs.list({ page: 3, limit: 4 })).data).toEqual([]);

    const rest = await admin.call('GET', '/api/admin/audit-logs?page=1&limit=20&action=auth&severity=info&search=ops.lead');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ total: 1, data: [{ action: 'admin_login', adminUser: { email: 'ops.lead@example.com' } }] });
    expect((await admin.call('GET', '/api/admin/audit-logs?severity=loud')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-logs' })).statusCode).toBe(401);
  });

  it('counts the four cards over the whole log, not the page', async () => {
    await entry('admin_login', 1);
    await entry('admin_login', 11);
    await entry('admin_logout', 13); // yesterday (the clock is at midday UTC), inside 24 h
    await entry('user_status_update', 30, { resourceType: 'user', severity: 'warning' });
    await entry('user_status_update', 100, { resourceType: 'user' });
    await entry('user_status_update', 200, { resourceType: 'user' }); // over a week ago
    await entry('project_delete', 2, { severity: 'error', resourceType: 'project' });
    await entry('admin_account_locked', 150, { severity: 'critical' });
    await entry('database_export', 400, { severity: 'critical' }); // over a week ago
    const call = await adminCaller(t, admin.token);
    const expected = { totalLast24h: 4, adminLoginsToday: 2, userActionsThisWeek: 2, criticalEvents: 2 };
    expect(await call.admin.auditLogs.summary()).toEqual(expected);
    // A page of one entry does not change the cards.
    expect((await call.admin.auditLogs.list({ limit: 1 })).data).toHaveLength(1);
    expect((await admin.call('GET', '/api/admin/audit-logs/summary')).json()).toEqual(expected);
  });
});
