import { seedEmailTemplates, type BackgroundEmailNotifier } from '@reelsmith/core';
import { startSmtpSink, type SmtpSink } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// E-mail templates, the e-mail log and sending, through a real SMTP server on loopback.
describe.each(testDatabaseKinds())('admin e-mail on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: TestAdmin;
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipients: ['bounce@example.com'] });
    t = await buildTestApp(kind, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Reelsmith <no-reply@reelsmith.test>', PUBLIC_URL: 'http://127.0.0.1:3999' }, undefined, { email: true });
  });
  afterAll(async () => {
    await settled();
    await t.close();
    await sink.close();
  });
  beforeEach(async () => {
    await settled();
    await t.db.reset();
    await seedEmailTemplates(t.app.core);
    sink.received.length = 0;
    t.app.core.smtpFallback = t.config.smtp;
    admin = await adminAs(t, 'admin', 'mail-admin@example.com');
  });

  const settled = () => (t.app.core.email as BackgroundEmailNotifier).settled();

  /** A tRPC call over HTTP with a bearer token, as the admin SPA makes it. */
  const trpc = (token: string | null, type: 'query' | 'mutation', path: string, input: unknown) => trpcCall(t.app, type, path, input, { bearer: token });

  const logs = () =>
    t.db.db.selectFrom('email_logs').select(['recipient_email', 'subject', 'email_type', 'send_status', 'error_message', 'message_id', 'sent_at', 'html_content', 'text_content', 'user_id']).orderBy('created_at').execute();
  const audits = (action: string) => t.db.db.selectFrom('audit_logs').select(['action', 'admin_email', 'resource_id', 'details']).where('action', '=', action).where('outcome', '=', 'succeeded').execute();

  it('lists the seeded templates with search and paging (tRPC and REST)', async () => {
    const all = await trpc(admin.token, 'query', 'admin.email.templates.list', { page: 1 });
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(4);
    expect(all.data.templates.map((x: { name: string }) => x.name)).toEqual(['payment_failed', 'payment_receipt', 'project_complete', 'welcome']);
    const found = await trpc(admin.token, 'query', 'admin.email.templates.list', { search: 'RECEIPT' });
    expect(found.data.templates.map((x: { name: string }) => x.name)).toEqual(['payment_receipt']);
    const rest = await admin.call('GET', '/api/admin/email/templates?page=2&limit=3&search=E');
    expect(rest.statusCode).toBe(200);
    expect(rest.json().total).toBe(4);
    expect(rest.json().templates).toHaveLength(1);
    await seedEmailTemplates(t.app.core);
    expect((await trpc(admin.token, 'query', 'admin.email.templates.list', {})).data.total).toBe(4);
  });

  it('creates a template with sanitised HTML and audits it; a duplicate name is refused', async () => {
    const created = await trpc(admin.token, 'mutation', 'admin.email.templates.create', {
      name: 'Promo_Nov',
      subject: 'Hello {{firstName}}',
      description: '',
      htmlContent: '<p onclick="x()">Hi <a href="javascript:alert(1)">click</a><script>alert(1)</script><img src="https://e.com/a.png" onerror="alert(1)"></p>',
      textContent: 'Hi {{firstName}}',
      isActive: true,
      createdAt: '2020-01-01',
      updatedAt: 'anything',
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'promo_nov', description: null, isActive: true, htmlContent: '<p>Hi <a>click</a><img src="https://e.com/a.png" /></p>' });
    expect(created.data.createdAt.getFullYear()).toBeGreaterThan(2020);
    expect(await audits('email_template_create')).toEqual([
      { action: 'email_template_create', admin_email: 'mail-admin@example.com', resource_id: created.data.id, details: { name: 'promo_nov', isActive: true } },
    ]);
    const dup = await admin.call('POST', '/api/admin/email/templates', { name: 'welcome', subject: 'x', htmlContent: '', textContent: '', isActive: true });
    expect(dup.statusCode).toBe(409);
    const noSubject = await trpc(admin.token, 'mutation', 'admin.email.templates.create', { name: 'x', subject: ' ', htmlContent: '', textContent: '', isActive: true });
    expect(noSubject.status).toBe(400);
    const rest = await admin.call('POST', '/api/admin/email/templates', { name: 'rest_one', subject: 'S', htmlContent: '<h2>ok</h2>', textContent: 't', isActive: false });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({ name: 'rest_one', isActive: false, htmlContent: '<h2>ok</h2>' });
    expect(await t.db.db.selectFrom('email_templates').select('name').where('name', 'in', ['promo_nov', 'rest_one']).execute()).toHaveLength(2);
  });

  it('updates a template (tRPC and REST), sanitising again and auditing the changed fields', async () => {
    const welcome = await t.db.db.selectFrom('email_templates').select(['id']).where('name', '=', 'welcome').executeTakeFirstOrThrow();
    const updated = await trpc(admin.token, 'mutation', 'admin.email.templates.update', {
      id: welcome.id, name: 'welcome', subject: 'Hi {{firstName}}', htmlContent: '<p>New <span style="color: red; position: fixed">body</span></p>', textContent: 'New body', isActive: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.data.htmlContent).toBe('<p>New <span style="color:red">body</span></p>');
    const [entry] = await audits('email_template_update');
    expect(entry!.details).toMatchObject({ name: 'welcome', changed: ['subject', 'description', 'html_content', 'text_content'] });
    const rest = await admin.call('PUT', `/api/admin/email/templates/${welcome.id}`, { name: 'welcome', subject: 'Off', htmlContent: '', textContent: '', isActive: false });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ subject: 'Off', isActive: false });
    const clash = await admin.call('PUT', `/api/admin/email/templates/${welcome.id}`, { name: 'payment_failed', subject: 'x', isActive: true });
    expect(clash.statusCode).toBe(409);
    const missing = await admin.call('PUT', '/api/admin/email/templates/00000000-0000-4000-8000-000000000000', { name: 'zzz', subject: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a test e-mail that the SMTP server receives, logs it as sent and audits it', async () => {
    const res = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'project_complete', recipientEmail: 'qa@example.com' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ message: 'Test email sent successfully. Check Email Logs to verify content.', status: 'sent' });
    const mail = await sink.waitFor((m) => m.subject === 'Your video "Sample project" is ready');
    expect(mail.from?.value).toEqual([{ name: 'Reelsmith', address: 'no-reply@reelsmith.test' }]);
    expect(mail.html).toContain('<strong>Sample project</strong>');
    expect(mail.html).toContain('href="http://127.0.0.1:3999/project/sample"');
    expect(mail.text).toContain('The final video of "Sample project" has been made.');
    const [log] = await logs();
    expect(log).toMatchObject({ recipient_email: 'qa@example.com', email_type: 'test', send_status: 'sent', error_message: null, subject: mail.subject });
    expect(log!.message_id).toBe(mail.messageId);
    expect(log!.sent_at).toBeInstanceOf(Date);
    expect(log!.html_content).toContain('<strong>Sample project</strong>');
    const [audit] = await audits('email_test_send');
    expect(audit).toMatchObject({ admin_email: 'mail-admin@example.com', details: { templateName: 'project_complete', recipientEmail: 'qa@example.com' } });

    const rest = await admin.call('POST', '/api/admin/email/send-test', { templateName: 'welcome', recipientEmail: 'rest@example.com' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().message).toBe('Test email sent successfully. Check Email Logs to verify content.');
    await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('rest@example.com'));
  });

  it('refuses inactive and unknown templates with a 4xx, sending and logging nothing', async () => {
    await t.db.db.updateTable('email_templates').set({ is_active: false }).where('name', '=', 'welcome').execute();
    const inactive = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'welcome', recipientEmail: 'qa@example.com' });
    expect(inactive.status).toBe(400);
    expect(inactive.error).toContain('inactive');
    const unknown = await admin.call('POST', '/api/admin/email/send-test', { templateName: 'nope', recipientEmail: 'qa@example.com' });
    expect(unknown.statusCode).toBe(404);
    const invalid = await admin.call('POST', '/api/admin/email/send-test', { templateName: 'welcome', recipientEmail: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(await logs()).toEqual([]);
    expect(await audits('email_test_send')).toEqual([]);
    expect(sink.received).toEqual([]);
  });

  it('records a refused recipient as bounced, an unreachable server as failed, and never drops a mail', async () => {
    const bounced = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'welcome', recipientEmail: 'bounce@example.com' });
    expect(bounced.data.status).toBe('bounced');
    // The settings' own SMTP server wins over the environment's; here it points at a closed port.
    await t.db.db.updateTable('system_settings').set({ value: JSON.stringify({ smtpHost: '127.0.0.1', smtpPort: 9, emailEnabled: true }) }).where('key', '=', 'email').execute();
    const down = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'welcome', recipientEmail: 'down@example.com' });
    expect(down.data.status).toBe('failed');
    await t.db.db.updateTable('system_settings').set({ value: JSON.stringify({ smtpHost: '127.0.0.1', smtpPort: sink.port, emailEnabled: false }) }).where('key', '=', 'email').execute();
    const disabled = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'welcome', recipientEmail: 'off@example.com' });
    expect(disabled.data.message).toBe('The test email was not sent (failed): E-mail sending is disabled');
    await t.db.db.updateTable('system_settings').set({ value: JSON.stringify({}) }).where('key', '=', 'email').execute();
    t.app.core.smtpFallback = undefined;
    const unconfigured = await trpc(admin.token, 'mutation', 'admin.email.sendTest', { templateName: 'welcome', recipientEmail: 'none@example.com' });
    expect(unconfigured.data.status).toBe('failed');
    const rows = await logs();
    expect(rows.map((r) => [r.recipient_email, r.send_status])).toEqual([
      ['bounce@example.com', 'bounced'],
      ['down@example.com', 'failed'],
      ['off@example.com', 'failed'],
      ['none@example.com', 'failed'],
    ]);
    expect(rows[0]!.error_message).toMatch(/550/);
    expect(rows[1]!.error_message).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[2]!.error_message).toBe('E-mail sending is disabled');
    expect(rows[3]!.error_message).toBe('SMTP is not configured');
    expect(rows.every((r) => r.sent_at === null && r.html_content?.includes('Welcome'))).toBe(true);
    expect(sink.received).toEqual([]);
  });

  it('mails a welcome on the first sign-in only, with placeholder values escaped in HTML and raw in text', async () => {
    await devSignIn(t.app, 'zoe@example.com', 'Zoë<i>&');
    await settled();
    const mail = await sink.waitFor((m) => m.subject === 'Welcome to Reelsmith, Zoë<i>&!');
    expect(mail.html).toContain('<h1>Welcome, Zoë&lt;i&gt;&amp;!</h1>');
    expect(mail.text).toContain('Welcome, Zoë<i>&!');
    await devSignIn(t.app, 'zoe@example.com', 'Zoë<i>&');
    await settled();
    const rows = await logs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient_email: 'zoe@example.com', email_type: 'welcome', send_status: 'sent' });
    expect(rows[0]!.user_id).not.toBeNull();
    expect(sink.received).toHaveLength(1);
  });

  it('mails a payment receipt when a payment succeeds', async () => {
    const cookie = await devSignIn(t.app, 'payer@example.com', 'Pat Payer');
    const plan = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'starter_monthly').executeTakeFirst();
    const planId = plan?.id ?? (await t.db.db.selectFrom('plans').select('id').where('price_cents', '>', 0).executeTakeFirstOrThrow()).id;
    const open = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie }, payload: { planId } });
    const paid = await t.app.inject({ method: 'POST', url: `/billing/local-checkout/${open.json().sessionId}/pay`, headers: { cookie } });
    expect(paid.statusCode).toBe(303);
    await settled();
    const receipt = await sink.waitFor((m) => (m.subject ?? '').startsWith('Receipt: $'));
    expect(receipt.text).toContain('Hi Pat');
    const types = (await logs()).map((r) => [r.email_type, r.send_status]);
    expect(types).toEqual([['welcome', 'sent'], ['payment_receipt', 'sent']]);
  });

  it('lists the log with search, status, an inclusive day range, the template and the customer (tRPC and REST)', async () => {
    const user = await t.db.db.insertInto('users').values({ email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' }).returning('id').executeTakeFirstOrThrow();
    const welcome = await t.db.db.selectFrom('email_templates').select('id').where('name', '=', 'welcome').executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('email_logs')
      .values([
        { recipient_email: 'ann@example.com', subject: 'Welcome Ann', email_type: 'welcome', template_id: welcome.id, user_id: user.id, send_status: 'sent', sent_at: new Date('2026-11-20T10:00:00Z'), created_at: new Date('2026-11-20T10:00:00Z') },
        { recipient_email: 'bob@example.com', subject: 'Receipt', email_type: 'payment_receipt', send_status: 'failed', error_message: 'SMTP is not configured', created_at: new Date('2026-11-21T23:59:00Z') },
        { recipient_email: 'cy@example.com', subject: 'Old', email_type: 'test', send_status: 'pending', created_at: new Date('2026-11-18T00:00:00Z') },
      ])
      .execute();
    const all = await trpc(admin.token, 'query', 'admin.email.logs.list', { page: 1 });
    expect(all.data.total).toBe(3);
    expect(all.data.logs.map((l: { recipientEmail: string }) => l.recipientEmail)).toEqual(['bob@example.com', 'ann@example.com', 'cy@example.com']);
    expect(all.data.logs[1]).toMatchObject({ template: { name: 'welcome' }, user: { firstName: 'Ann', lastName: 'Lee' }, sendStatus: 'sent' });
    expect(all.data.logs[1].template.htmlContent).toContain('{{firstName}}');
    expect(all.data.logs[0]).toMatchObject({ template: null, user: null, errorMessage: 'SMTP is not configured', sentAt: null });
    const ranged = await trpc(admin.token, 'query', 'admin.email.logs.list', { startDate: '2026-11-20', endDate: '2026-11-21' });
    expect(ranged.data.logs.map((l: { recipientEmail: string }) => l.recipientEmail)).toEqual(['bob@example.com', 'ann@example.com']);
    const failed = await trpc(admin.token, 'query', 'admin.email.logs.list', { status: 'failed' });
    expect(failed.data.total).toBe(1);
    const search = await admin.call('GET', '/api/admin/email/logs?search=ANN&status=all&startDate=2026-11-01T00:00:00.000Z&endDate=2026-11-30');
    expect(search.statusCode).toBe(200);
    expect(search.json().logs.map((l: { recipientEmail: string }) => l.recipientEmail)).toEqual(['ann@example.com']);
    const paged = await admin.call('GET', '/api/admin/email/logs?page=2&limit=2');
    expect(paged.json()).toMatchObject({ total: 3, logs: [{ recipientEmail: 'cy@example.com' }] });
    expect((await admin.call('GET', '/api/admin/email/logs?startDate=yesterday')).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to support for changes, changing nothing', async () => {
    const before = await t.db.db.selectFrom('email_templates').select(['name', 'subject']).orderBy('name').execute();
    const paths = [
      ['GET', '/api/admin/email/templates'],
      ['POST', '/api/admin/email/templates'],
      ['PUT', '/api/admin/email/templates/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/email/logs'],
      ['POST', '/api/admin/email/send-test'],
    ] as const;
    for (const [method, url] of paths) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { name: 'x', subject: 'x', templateName: 'welcome', recipientEmail: 'a@example.com' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await trpc(null, 'query', 'admin.email.logs.list', {})).status).toBe(401);
    const support = await adminAs(t, 'support');
    expect((await support.call('GET', '/api/admin/email/logs')).statusCode).toBe(200);
    // Support reads templates whole (subject, HTML and text), on REST and tRPC, but changes none.
    const read = await support.call('GET', '/api/admin/email/templates?search=welcome');
    expect(read.statusCode).toBe(200);
    const stored = await t.db.db.selectFrom('email_templates').select(['subject', 'html_content', 'text_content']).where('name', '=', 'welcome').executeTakeFirstOrThrow();
    expect(read.json().templates[0]).toMatchObject({ name: 'welcome', subject: stored.subject, htmlContent: stored.html_content, textContent: stored.text_content });
    expect((await trpc(support.token, 'query', 'admin.email.templates.list', { search: 'welcome' })).status).toBe(200);
    expect((await support.call('POST', '/api/admin/email/templates', { name: 'sneaky', subject: 'x' })).statusCode).toBe(403);
    const welcome = await t.db.db.selectFrom('email_templates').select('id').where('name', '=', 'welcome').executeTakeFirstOrThrow();
    expect((await support.call('PUT', `/api/admin/email/templates/${welcome.id}`, { name: 'welcome', subject: 'Hacked' })).statusCode).toBe(403);
    expect((await support.call('POST', '/api/admin/email/send-test', { templateName: 'welcome', recipientEmail: 'a@example.com' })).statusCode).toBe(403);
    expect(await t.db.db.selectFrom('email_templates').select(['name', 'subject']).orderBy('name').execute()).toEqual(before);
    expect(await logs()).toEqual([]);
    expect(sink.received).toEqual([]);
  });
});
