import { seedEmailTemplates, sendTemplatedEmail, senderMissingMessage, type BackgroundEmailNotifier, type SmtpConfig } from '@reelsmith/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink, type SinkOptions, type SinkRefusal, type SmtpSink } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

// What real mail services answer, through nodemailer against an SMTP server on loopback: set-up errors
// are not bounces, a relay without STARTTLS gets no password, and the sender is ours to name.
describe.each(testDatabaseKinds())('SMTP replies on %s', (kind) => {
  let t: TestApp;
  const sinks: SmtpSink[] = [];
  beforeAll(async () => {
    // Retries one second after a temporary refusal, then two, four…, so the tests see them happen.
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999', SMTP_RETRY_BASE_SECONDS: '1' }, undefined, { email: true });
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

  async function sinkWith(refuse?: SinkRefusal, more: SinkOptions = {}): Promise<SmtpSink> {
    const sink = await startSmtpSink({ ...(refuse ? { refuse } : {}), ...more });
    sinks.push(sink);
    return sink;
  }
  function useSmtp(sink: SmtpSink, extra: Partial<SmtpConfig> = {}): void {
    t.app.core.smtpFallback = { host: '127.0.0.1', port: sink.port, secure: false, user: undefined, password: undefined, from: 'Reelsmith <hello@reelsmith.example>', requireTls: false, ehloName: 'mailer.reelsmith.example', ca: undefined, ...extra };
  }
  const send = () =>
    sendTemplatedEmail(t.app.core, { templateName: 'welcome', to: 'ada@example.com', values: { firstName: 'Ada' }, emailType: 'welcome', userId: null });
  const logRow = (id: string) => t.db.db.selectFrom('email_logs').select(['send_status', 'error_message', 'delivery_attempts']).where('id', '=', id).executeTakeFirstOrThrow();
  async function waitForStatus(id: string, status: string, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const row = await logRow(id);
      if (row.send_status === status) return row;
      if (Date.now() > until) throw new Error(`e-mail ${id} is ${row.send_status} (${row.error_message ?? ''}), not ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

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
    ['421 throttled', { at: 'mail', code: 421, message: '4.7.0 Try again later' }, 'pending', 'trying again in 1 s (attempt 1 of 5)'],
    ['454 temporary authentication failure', { at: 'auth', code: 454, message: '4.7.0 Temporary authentication failure' }, 'pending', 'try again later'],
  ] as const)('logs %s as what it is (a set-up failure or a wait), not as a bounce', async (_name, refuse, status, says) => {
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

  it('tries a throttled mail again through the job queue until the server takes it', async () => {
    const sink = await sinkWith({ at: 'mail', code: 421, message: '4.7.0 Too many messages, slow down', times: 2 });
    useSmtp(sink);
    const result = await send();
    expect(result.status).toBe('pending');
    const row = await waitForStatus(result.logId, 'sent');
    expect(row.delivery_attempts).toBe(3);
    expect(row.error_message).toBeNull();
    expect(sink.received).toHaveLength(1);
  });

  it('gives up after the last attempt and says so', async () => {
    const sink = await sinkWith({ at: 'mail', code: 421, message: '4.7.0 Try again later' });
    useSmtp(sink);
    const result = await send();
    expect(result.status).toBe('pending');
    // As if four attempts had already been refused: the queued retry is the fifth and last.
    await t.db.db.updateTable('email_logs').set({ delivery_attempts: 4 }).where('id', '=', result.logId).execute();
    const row = await waitForStatus(result.logId, 'failed');
    expect(row.delivery_attempts).toBe(5);
    expect(row.error_message).toContain('gave up after 5 attempts');
    expect(sink.received).toHaveLength(0);
  });

  it('sends twenty mails over a few pooled connections', async () => {
    const sink = await sinkWith();
    useSmtp(sink);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendTemplatedEmail(t.app.core, { templateName: 'welcome', to: `reader-${i}@example.com`, values: { firstName: `R${i}` }, emailType: 'welcome', userId: null }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill('sent'));
    expect(sink.received).toHaveLength(20);
    expect(sink.peakConnections).toBeLessThanOrEqual(t.config.smtpDelivery.maxConnections);
    expect(sink.connections).toBeLessThanOrEqual(t.config.smtpDelivery.maxConnections);
    // At most SMTP_RATE_PER_SECOND (10) a second: twenty take a second at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  describe('a relay that requires STARTTLS, with its own CA', () => {
    let certificate: { key: string; cert: string };
    beforeAll(() => {
      const dir = mkdtempSync(join(tmpdir(), 'smtp-ca-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=relay.reelsmith.test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
      certificate = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    });

    it('sends nothing and names SMTP_CA_FILE while the CA is not trusted', async () => {
      const sink = await sinkWith(undefined, { tls: certificate });
      useSmtp(sink, { user: 'mailer', password: 'secret-password', requireTls: true });
      const row = await logRow((await send()).logId);
      expect(row.send_status).toBe('failed');
      expect(row.error_message).toContain('SMTP_CA_FILE');
      expect(sink.authAttempts).toBe(0);
      expect(sink.received).toHaveLength(0);
    });

    it('authenticates and sends over STARTTLS once SMTP_CA_FILE trusts it', async () => {
      const sink = await sinkWith(undefined, { tls: certificate });
      useSmtp(sink, { user: 'mailer', password: 'secret-password', requireTls: true, ca: certificate.cert });
      const result = await send();
      expect(result).toMatchObject({ status: 'sent', error: null });
      expect(sink.authAttempts).toBe(1);
      expect(sink.mailOverTls).toEqual([true]);
      expect(sink.received).toHaveLength(1);
    });
  });
});
