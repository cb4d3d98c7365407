import { ensureMainAdmin, verifyPassword } from '@reelsmith/core';
import { silentLogger, testClock } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

describe.each(testDatabaseKinds())('admin accounts on %s', (kind) => {
  let t: TestApp;
  let boss: TestAdmin;
  let mainId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    await ensureMainAdmin({ db: t.db.db, logger: silentLogger, clock: testClock() }, { email: 'main@example.com', password: 'Main-admin-pass-1' });
    mainId = (await t.db.db.selectFrom('admins').select('id').where('is_main', '=', true).executeTakeFirstOrThrow()).id;
    boss = await adminAs(t, 'superadmin', 'boss@example.com');
  });
  const newAdmin = { email: 'New.Admin@Example.com', password: 'Strong-pass-1', firstName: 'New', lastName: 'Admin Person', role: 'support' };
  const adminRows = () => t.db.db.selectFrom('admins').select(['email', 'role']).orderBy('email').execute();

  it('lists the admins, the main admin first and marked', async () => {
    const list = (await boss.call('GET', '/api/admin/admins')).json();
    expect(list.map((a: { email: string; isMain: boolean; role: string; isActive: boolean }) => [a.email, a.isMain, a.role, a.isActive])).toEqual([
      ['main@example.com', true, 'superadmin', true],
      ['boss@example.com', false, 'superadmin', true],
    ]);
    expect(JSON.stringify(list)).not.toContain('password');
  });

  it('creates an admin with an argon2id hash, refuses a weak password and a duplicate e-mail, and audits', async () => {
    const created = await boss.call('POST', '/api/admin/admins', newAdmin);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new.admin@example.com', firstName: 'New', lastName: 'Admin Person', role: 'support', isActive: true, isMain: false });
    const row = await t.db.db.selectFrom('admins').select('password_hash').where('email', '=', 'new.admin@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('Strong-pass-1', row.password_hash)).toBe(true);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'new.admin@example.com', password: 'Strong-pass-1' } });
    expect(login.json().admin.role).toBe('support');

    const duplicate = await boss.call('POST', '/api/admin/admins', { ...newAdmin, email: 'NEW.admin@example.com' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('An admin with this e-mail already exists.');
    const weak = await boss.call('POST', '/api/admin/admins', { ...newAdmin, email: 'weak@example.com', password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/at least three of/);
    const short = await boss.call('POST', '/api/admin/admins', { ...newAdmin, email: 'short@example.com', password: 'Ab1!' });
    expect(short.json().error).toBe('The password must be at least 8 characters long.');
    expect((await boss.call('POST', '/api/admin/admins', { ...newAdmin, email: 'bad-email' })).statusCode).toBe(400);
    expect((await boss.call('POST', '/api/admin/admins', { ...newAdmin, email: 'role@example.com', role: 'owner' })).statusCode).toBe(400);
    expect((await adminRows()).map((a) => a.email)).toEqual(['boss@example.com', 'main@example.com', 'new.admin@example.com']);

    const audits = await t.db.db.selectFrom('audit_logs').select(['action', 'admin_email', 'details']).where('action', '=', 'admin_create').where('outcome', '=', 'succeeded').execute();
    expect(audits).toEqual([{ action: 'admin_create', admin_email: 'boss@example.com', details: { email: 'new.admin@example.com', role: 'support' } }]);
    expect(JSON.stringify(await t.db.db.selectFrom('audit_logs').select('details').execute())).not.toContain('Strong-pass-1');
  });

  it('deletes an admin (ending their tokens) but never the main admin nor oneself; audited', async () => {
    const victim = await adminAs(t, 'admin', 'victim@example.com');
    const del = await boss.call('DELETE', `/api/admin/admins/${victim.id}`);
    expect(del.statusCode).toBe(200);
    expect((await victim.call('GET', '/api/admin/admins')).statusCode).toBe(401);
    expect((await boss.call('DELETE', `/api/admin/admins/${victim.id}`)).statusCode).toBe(404);

    const main = await boss.call('DELETE', `/api/admin/admins/${mainId}`);
    expect(main.statusCode).toBe(403);
    expect(main.json().error).toBe('The main admin cannot be deleted.');
    const self = await boss.call('DELETE', `/api/admin/admins/${boss.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot delete your own admin account.');
    expect((await adminRows()).map((a) => a.email)).toEqual(['boss@example.com', 'main@example.com']);
    const audits = await t.db.db.selectFrom('audit_logs').select(['action', 'details']).where('action', '=', 'admin_delete').where('outcome', '=', 'succeeded').execute();
    expect(audits).toEqual([{ action: 'admin_delete', details: { email: 'victim@example.com', role: 'admin' } }]);
  });

  it('lets admin and support list admins but only a superadmin create or delete them; refused calls change nothing', async () => {
    for (const role of ['admin', 'support'] as const) {
      const caller = await adminAs(t, role);
      expect((await caller.call('GET', '/api/admin/admins')).statusCode).toBe(200);
      const before = await adminRows();
      expect((await caller.call('POST', '/api/admin/admins', { ...newAdmin, email: `by-${role}@example.com` })).statusCode).toBe(403);
      expect((await caller.call('DELETE', `/api/admin/admins/${boss.id}`)).statusCode).toBe(403);
      expect(await adminRows()).toEqual(before);
    }
    expect(await t.db.db.selectFrom('audit_logs').select('id').where('outcome', '=', 'succeeded').execute()).toEqual([]);
  });
});
