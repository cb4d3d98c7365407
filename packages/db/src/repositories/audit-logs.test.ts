import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts';
import { insertAuditLog, listAuditLogRows } from './audit-logs.ts';
import { insertUser } from './users.ts';

describe.each(testDatabaseKinds())('audit-logs repository on %s', (kind) => {
  let t: TestDatabase;
  let janeId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    janeId = (await insertUser(t.db, { googleSub: null, email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', profileImageUrl: null })).id;
    const entry = (action: string, extra: { target?: string | null; details?: Record<string, unknown>; outcome?: 'succeeded' | 'refused' | 'failed'; at: number }) =>
      insertAuditLog(t.db, {
        action,
        user_type: 'admin',
        admin_email: 'ops@example.com',
        target_user_id: extra.target ?? null,
        outcome: extra.outcome ?? 'succeeded',
        details: JSON.stringify(extra.details ?? {}),
        created_at: new Date(Date.UTC(2027, 0, 1, extra.at)),
      });
    await entry('subscription_refund', { target: janeId, details: { amount: 12 }, at: 1 });
    await entry('user_status_update', { target: janeId, outcome: 'refused', at: 2 });
    // An entry written before entries named their customer: only its details hold the e-mail.
    await entry('user_status_update', { details: { userEmail: 'j.doe.old@example.com', isActive: false }, at: 3 });
    await entry('admin_login', { at: 4 });
  });

  const actionsFor = async (pattern: string, outcome?: 'refused') =>
    (await listAuditLogRows(t.db, { pattern, outcome }, { limit: 20, offset: 0 })).rows.map((r) => [r.action, r.customer_email, r.outcome]);

  it('matches the affected customer by their current e-mail or name, or the e-mail an old entry recorded', async () => {
    expect(await actionsFor('%JANE@example%')).toEqual([
      ['user_status_update', 'jane@example.com', 'refused'],
      ['subscription_refund', 'jane@example.com', 'succeeded'],
    ]);
    expect(await actionsFor('%jane doe%')).toHaveLength(2);
    expect(await actionsFor('%j.doe.old%')).toEqual([['user_status_update', null, 'succeeded']]);
    expect(await actionsFor('%jane%', 'refused')).toEqual([['user_status_update', 'jane@example.com', 'refused']]);
    expect(await actionsFor('%nobody%')).toEqual([]);
  });

  it('sorts by a named column, newest first within ties, and pages without overlap', async () => {
    const page = (offset: number) => listAuditLogRows(t.db, {}, { limit: 2, offset }, { column: 'action', direction: 'asc' });
    const first = await page(0);
    const second = await page(2);
    expect(first.total).toBe(4);
    expect([...first.rows, ...second.rows].map((r) => r.action)).toEqual(['admin_login', 'subscription_refund', 'user_status_update', 'user_status_update']);
    expect(second.rows.map((r) => r.created_at.getUTCHours())).toEqual([3, 2]);
  });
});
