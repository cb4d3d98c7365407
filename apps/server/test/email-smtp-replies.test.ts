import { seedEmailTemplates, sendTemplatedEmail, senderMissingMessage, type BackgroundEmailNotifier, type SmtpConfig } from '@reelsmith/core';
import { startSmtpSink, type SinkRefusal, type SmtpSink } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

// What real mail services answer, through nodemailer against an SMTP server on loopback: set-up errors
// are not bounces, a relay without STARTTLS gets no password, and the sender is ours to name.
describe.each(testDatabaseKinds())('SMTP replies on %s', (kind) => {
  let t: TestApp;
  const sinks: SmtpSink[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' }, undefined, { email: true });
  });
  afterAll(async () => {
    await (t.app.core.email as BackgroundEmailNotifier).settled();
    await t.close();
    await Promise.all(sinks.map((s) => s.close()));
  });
  beforeEach(async () => {
    await t.db.reset();
    await seedEmailTemplates(t.app.core);
  });

  async function sinkWith(refuse?: SinkRefusal): Promise<SmtpSink> {
    const sink = await startSmtpSink(refuse ? { refuse } : {});
    sinks.push(sink);
    return sink;
  }
  function useSmtp(sink: SmtpSink, extra: Partial<SmtpConfig> = {}): void {
    t.app.core.smtpFallback = { host: '127.0.0.1', port: sink.port, secure: false, user: undefined, password: undefined, from: 'Reelsmith <hello@reelsmith.example>', requireTls: false, ehloName: 'mailer.reelsmith.example', ca: undefined, ...extra };
  }
  const send = () =>
    sendTemplatedEmail(t.app.core, { templateName: 'welcome', to: 'ada@example.com', values: { firstName: 'Ada' }, emailType: 'welcome', userId: null });
  const logRow = (id: string) => t.db.db.selectFrom('email_logs').select(['send_status', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();

  it('sends with the configured EHLO name and sender', async () => {
    const sink = await sinkWith();
    useSmtp(sink);
    const result = await send();
    expect(result.status).toBe('sent');
    expect(sink.ehloNames).toEqual(['mailer.reelsmith.example']);
    expect(sink.received[0]?.from?.value[0]).toMatchObject({ name: 'Reelsmith', address: 'hello@reelsmith.example' });
  });

  it('refuses to send without a sender, and says how to set one', async () => {
    const sink = await sinkWith();
    useSmtp(sink, { from: '' });
    const result = await send();
    expect(result).toMatchObject({ status: 'failed', error: senderMissingMessage });
    expect(sink.received).toHaveLength(0);
  });

  it.each([
    ['535 bad credentials', { at: 'auth', code: 535, message: '5.7.8 Authentication credentials invalid' }, 'failed', 'refused our credentials'],
    ['554 unverified sender (as SES answers)', { at: 'mail', code: 554, message: 'Message rejected: Email address is not verified.' }, 'failed', 'refused the sender address'],
    ['421 throttled', { at: 'mail', code: 421, message: '4.7.0 Try again later' }, 'failed', 'try again later'],
    ['454 temporary authentication failure', { at: 'auth', code: 454, message: '4.7.0 Temporary authentication failure' }, 'failed', 'try again later'],
  ] as const)('logs %s as a failure with what to do, not as a bounce', async (_name, refuse, status, says) => {
    const sink = await sinkWith(refuse);
    useSmtp(sink, { user: 'mailer', password: 'secret-password' });
    const result = await send();
    const row = await logRow(result.logId);
    expect(row.send_status).toBe(status);
    expect(row.error_message).toContain(says);
    expect(row.error_message).not.toContain('secret-password');
  });

  it('sends no password and no message to a relay that does not offer STARTTLS when TLS is required', async () => {
    const sink = await sinkWith();
    useSmtp(sink, { user: 'mailer', password: 'secret-password', requireTls: true });
    const result = await send();
    const row = await logRow(result.logId);
    expect(row.send_status).toBe('failed');
    expect(row.error_message).toContain('does not offer STARTTLS');
    expect(sink.authAttempts).toBe(0);
    expect(sink.received).toHaveLength(0);
  });
});
