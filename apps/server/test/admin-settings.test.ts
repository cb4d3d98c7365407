import { defaultSystemSettings, SECRET_MASK, type SystemSettings } from '@reelsmith/shared';
import { hashPassword, readSystemSettings } from '@reelsmith/core';
import { silentLogger } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

describe.each(testDatabaseKinds())('system settings on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    admin = await adminAs(t, 'admin', 'settings-admin@example.com');
  });

  const current = async (): Promise<SystemSettings> => (await admin.call('GET', '/api/admin/settings')).json();
  /** Saves the screen's whole object with some fields changed, as the Save Settings button does. */
  async function save(change: (s: SystemSettings) => void, by = admin) {
    const settings = await current();
    change(settings);
    return by.call('POST', '/api/admin/settings', settings);
  }
  const stored = () => readSystemSettings({ db: t.db.db, logger: silentLogger });

  it('returns the whole object with secrets masked; saving the mask back keeps the stored secret', async () => {
    expect(await current()).toMatchObject({ ...defaultSystemSettings, general: { ...defaultSystemSettings.general, maxVideosPerDay: 1000 } });
    const first = await save((s) => {
      s.email.smtpPassword = 'smtp-secret';
      s.payment.stripeSecretKey = 'sk_test_123';
      s.general.siteName = 'Reelsmith Test';
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().settings.email.smtpPassword).toBe(SECRET_MASK);
    const shown = await current();
    expect(shown.email.smtpPassword).toBe(SECRET_MASK);
    expect(shown.payment.stripeSecretKey).toBe(SECRET_MASK);
    expect((await admin.call('GET', '/api/admin/settings')).body).not.toContain('smtp-secret');

    const again = await save((s) => {
      s.general.siteName = 'Reelsmith Again';
    });
    expect(again.json().changed).toEqual(['general.siteName']);
    expect((await stored()).email.smtpPassword).toBe('smtp-secret');
    expect((await stored()).payment.stripeSecretKey).toBe('sk_test_123');

    await save((s) => {
      s.email.smtpPassword = '';
    });
    expect((await stored()).email.smtpPassword).toBe('');
  });

  it('reads the stored values on REST and tRPC; the daily cap defaults to the customer spec\'s 1000, also when a save omits it (issue 18)', async () => {
    expect(defaultSystemSettings.general.maxVideosPerDay).toBe(1000);
    const rest = await admin.call('GET', '/api/admin/settings');
    expect(rest.statusCode).toBe(200);
    expect(rest.json().general).toEqual({ ...defaultSystemSettings.general, maxVideosPerDay: 1000 });
    await save((s) => void (s.general.maxVideosPerDay = 250));
    expect((await current()).general.maxVideosPerDay).toBe(250);
    const trpc = await admin.call('GET', '/trpc/admin.settings.get');
    expect(trpc.json().result.data.json.general.maxVideosPerDay).toBe(250);

    const settings = await current();
    const { maxVideosPerDay: _omitted, ...general } = settings.general;
    const saved = await admin.call('POST', '/api/admin/settings', { ...settings, general });
    expect(saved.statusCode).toBe(200);
    expect((await current()).general.maxVideosPerDay).toBe(1000);
    expect((await stored()).general.maxVideosPerDay).toBe(1000);
  });

  it('audits the names of the changed settings, never the secret values, in the same transaction', async () => {
    await save((s) => {
      s.email.smtpPassword = 'smtp-secret';
      s.features.maintenanceMode = false;
      s.security.maxLoginAttempts = 4;
    });
    const audits = await t.db.db.selectFrom('audit_logs').select(['action', 'admin_email', 'details', 'resource_type']).where('outcome', '=', 'succeeded').execute();
    expect(audits).toEqual([
      {
        action: 'settings_update',
        admin_email: 'settings-admin@example.com',
        resource_type: 'settings',
        details: { settingName: 'email.smtpPassword, security.maxLoginAttempts', changed: ['email.smtpPassword', 'security.maxLoginAttempts'] },
      },
    ]);
    expect(JSON.stringify(audits)).not.toContain('smtp-secret');
  });

  it('refuses invalid values with readable messages and stores nothing', async () => {
    const before = await stored();
    const bad = await save((s) => {
      s.general.supportEmail = 'not-an-email';
      s.security.sessionTimeout = 10;
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Support email must be a valid e-mail address.');
    expect(bad.json().error).toContain('security.sessionTimeout');
    const wrongType = await admin.call('POST', '/api/admin/settings', { ...defaultSystemSettings, features: { maintenanceMode: 'yes' } });
    expect(wrongType.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await t.db.db.selectFrom('audit_logs').select('id').where('outcome', '=', 'succeeded').execute()).toEqual([]);
  });

  it('stores and validates the e-mail settings', async () => {
    const ok = await save((s) => {
      s.email = { smtpHost: 'smtp.example.com', smtpPort: 2525, smtpUser: 'mailer', smtpPassword: 'pw', emailFrom: 'Reelsmith <hello@example.com>', emailEnabled: true };
    });
    expect(ok.statusCode).toBe(200);
    expect((await stored()).email).toEqual({ smtpHost: 'smtp.example.com', smtpPort: 2525, smtpUser: 'mailer', smtpPassword: 'pw', emailFrom: 'Reelsmith <hello@example.com>', emailEnabled: true });
    expect((await save((s) => void (s.email.smtpPort = 70000))).statusCode).toBe(400);
    expect((await save((s) => void (s.email.emailFrom = 'nobody'))).statusCode).toBe(400);
  });

  it('lets support read the settings but not save them', async () => {
    const support = await adminAs(t, 'support');
    expect((await support.call('GET', '/api/admin/settings')).statusCode).toBe(200);
    const res = await save((s) => void (s.features.maintenanceMode = true), support);
    expect(res.statusCode).toBe(403);
    expect((await stored()).features.maintenanceMode).toBe(false);
    expect(await t.db.db.selectFrom('audit_logs').select('id').where('outcome', '=', 'succeeded').execute()).toEqual([]);
  });

  describe('each setting takes effect', () => {
    async function customer(email: string, credits = 0) {
      const cookie = await devSignIn(t.app, email);
      if (credits) await t.db.db.updateTable('subscriptions').set({ bonus_credits: credits }).execute();
      return (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    }

    it('maxProjectsPerUser bounds how many projects a customer keeps', async () => {
      await save((s) => void (s.general.maxProjectsPerUser = 2));
      const api = await customer('maker@example.com', 10);
      expect((await api('POST', '/api/projects', {})).statusCode).toBe(201);
      expect((await api('POST', '/api/projects', {})).statusCode).toBe(201);
      const third = await api('POST', '/api/projects', {});
      expect(third.statusCode).toBeGreaterThanOrEqual(400);
      expect((await api('GET', '/api/subscription/current')).json().createBlockedReason).toBe('project_limit');
      expect(await t.db.db.selectFrom('projects').select('id').execute()).toHaveLength(2);
    });

    it('maxVideosPerDay caps the videos a customer starts in a day', async () => {
      await save((s) => void (s.general.maxVideosPerDay = 1));
      const api = await customer('daily@example.com', 10);
      expect((await api('GET', '/api/subscription/current')).json().dailyVideoLimit).toBe(1);
      expect((await api('POST', '/api/projects', {})).statusCode).toBe(201);
      expect((await api('POST', '/api/projects', {})).statusCode).toBeGreaterThanOrEqual(400);
      expect((await api('GET', '/api/subscription/current')).json().createBlockedReason).toBe('daily_limit');
    });

    it('sessionTimeout sets the lifetime of new admin tokens and maxLoginAttempts the lock-out', async () => {
      await t.db.db.insertInto('admins').values({ email: 'ops@example.com', password_hash: await hashPassword('Right-pass-1'), role: 'admin' }).execute();
      await save((s) => {
        s.security.sessionTimeout = 600;
        s.security.maxLoginAttempts = 2;
      });
      const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@example.com', password } });
      const ok = await login('Right-pass-1');
      expect(ok.statusCode).toBe(200);
      expect(new Date(ok.json().expiresAt).getTime() - t.clock.now().getTime()).toBe(600_000);
      expect((await login('wrong-1')).statusCode).toBe(401);
      expect((await login('wrong-2')).statusCode).toBe(401);
      expect((await login('Right-pass-1')).statusCode).toBe(429);
    });

    it('passwordMinLength applies to new admins', async () => {
      const superadmin = await adminAs(t, 'superadmin');
      await save((s) => void (s.security.passwordMinLength = 14));
      const short = await superadmin.call('POST', '/api/admin/admins', { email: 'new@example.com', password: 'Strong-pass-1', firstName: 'New', lastName: 'One', role: 'admin' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('The password must be at least 14 characters long.');
      const long = await superadmin.call('POST', '/api/admin/admins', { email: 'new@example.com', password: 'Strong-pass-123', firstName: 'New', lastName: 'One', role: 'admin' });
      expect(long.statusCode).toBe(201);
    });

    it('maintenanceMode refuses customer work with a clear 503 while admins and the share page keep working', async () => {
      const api = await customer('busy@example.com');
      const { id } = (await api('POST', '/api/projects', {})).json();
      await t.db.db.updateTable('projects').set({ status: 'Merged' }).execute();
      const { shortId } = (await api('POST', `/api/projects/${id}/share`)).json();

      await save((s) => void (s.features.maintenanceMode = true));
      const status = (await t.app.inject({ method: 'GET', url: '/api/platform/status' })).json();
      expect(status).toEqual({ maintenanceMode: true, maintenanceMessage: 'Reelsmith is down for maintenance. Please try again later.', registrationEnabled: true });

      const refused = await api('POST', '/api/projects', {});
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'Reelsmith is down for maintenance. Please try again later.', code: 'SERVICE_UNAVAILABLE', maintenance: true });
      expect((await api('GET', '/api/projects')).statusCode).toBe(503);
      const trpc = await t.app.inject({ method: 'GET', url: '/trpc/projects.list', headers: { cookie: (await devSignIn(t.app, 'busy@example.com')) } });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.json().error.json.message).toBe('Reelsmith is down for maintenance. Please try again later.');
      expect(await t.db.db.selectFrom('projects').select('id').execute()).toHaveLength(1);

      // Who am I still answers (the app shows the maintenance page to a signed-in customer too).
      expect((await api('GET', '/api/auth/user')).statusCode).toBe(200);
      // The public share page and its API keep working.
      expect((await t.app.inject({ method: 'GET', url: `/api/share/${shortId}` })).statusCode).toBe(200);
      // Admins keep working, and can sign in.
      expect((await admin.call('GET', '/api/admin/subscriptions/overview')).statusCode).toBe(200);
      await t.db.db.insertInto('admins').values({ email: 'ops@example.com', password_hash: await hashPassword('Right-pass-1'), role: 'admin' }).execute();
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'ops@example.com', password: 'Right-pass-1' } })).statusCode).toBe(200);

      await save((s) => void (s.features.maintenanceMode = false));
      expect((await api('POST', '/api/projects', {})).statusCode).not.toBe(503);
    });

    it('maintenanceMode saved on one server reaches another on the same database within a moment (each keeps the switches until told)', async () => {
      const other = await buildTestApp(kind, {}, t.db, { work: false });
      try {
        const cookie = await devSignIn(other.app, 'elsewhere@example.com');
        const list = () => other.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
        // The other server has read the switches (maintenance off) and keeps them.
        expect((await list()).statusCode).toBe(200);
        expect((await list()).statusCode).toBe(200);
        await save((s) => void (s.features.maintenanceMode = true));
        const deadline = Date.now() + 5000;
        let status = 200;
        while (status !== 503 && Date.now() < deadline) {
          status = (await list()).statusCode;
          if (status !== 503) await new Promise((r) => setTimeout(r, 20));
        }
        expect(status).toBe(503);
        // This server forgot at once, without waiting for the notification.
        await save((s) => void (s.features.maintenanceMode = false));
        expect((await t.app.inject({ method: 'GET', url: '/api/platform/status' })).json().maintenanceMode).toBe(false);
      } finally {
        await other.close();
      }
    });

    it('registrationEnabled: a new customer cannot sign up, an existing one still signs in', async () => {
      await devSignIn(t.app, 'existing@example.com');
      await save((s) => void (s.features.registrationEnabled = false));
      expect((await t.app.inject({ method: 'GET', url: '/api/platform/status' })).json().registrationEnabled).toBe(false);
      const json = await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'newcomer@example.com' } });
      expect(json.statusCode).toBe(403);
      expect(json.json().error).toBe('New sign-ups are currently closed.');
      const form = await t.app.inject({
        method: 'POST',
        url: '/auth/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=newcomer%40example.com&name=New',
      });
      expect(form.statusCode).toBe(403);
      expect(form.body).toContain('New sign-ups are currently closed.');
      expect(await t.db.db.selectFrom('users').select('email').where('email', '=', 'newcomer@example.com').execute()).toEqual([]);
      expect((await t.app.inject({ method: 'POST', url: '/auth/dev', payload: { email: 'existing@example.com' } })).statusCode).toBe(200);
    });

    it('projectSharingEnabled turns new links and existing ones off', async () => {
      const api = await customer('sharer@example.com');
      const { id } = (await api('POST', '/api/projects', {})).json();
      await t.db.db.updateTable('projects').set({ status: 'Merged' }).execute();
      const { shortId } = (await api('POST', `/api/projects/${id}/share`)).json();
      await save((s) => void (s.features.projectSharingEnabled = false));
      expect((await api('POST', `/api/projects/${id}/share`)).json().error).toBe('Project sharing is currently turned off.');
      expect((await t.app.inject({ method: 'GET', url: `/api/share/${shortId}` })).statusCode).toBe(403);
    });
  });
});
