import { seedEmailTemplates, type BackgroundEmailNotifier } from '@reelsmith/core';
import { startSmtpSink, type SmtpSink } from '@reelsmith/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from './support/fake-stripe.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. Tap the link and glow with me.';

// The transactional mails the other suites do not reach: a failed payment (a Stripe webhook) and a
// finished project (the final video job), each read back from a real SMTP server on loopback.
describe('transactional e-mail', () => {
  const stripe = new FakeStripe();
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    await stripe.start();
    sink = await startSmtpSink();
    t = await buildTestApp(
      'pglite',
      {
        STRIPE_SECRET_KEY: 'sk_test_reelsmith',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(sink.port),
        EMAIL_FROM: 'Reelsmith <no-reply@reelsmith.test>',
        PUBLIC_URL: 'http://127.0.0.1:3999',
      },
      undefined,
      { email: true },
    );
    t.app.core.smtpFallback = t.config.smtp;
    await seedEmailTemplates(t.app.core);
  });
  afterAll(async () => {
    await settled();
    await t.close();
    await sink.close();
    await stripe.stop();
  });

  const settled = () => (t.app.core.email as BackgroundEmailNotifier).settled();
  const logsFor = (email: string) =>
    t.db.db.selectFrom('email_logs').select(['email_type', 'send_status', 'subject']).where('recipient_email', '=', email).orderBy('created_at').execute();

  it('tells the customer when a renewal payment fails', async () => {
    const cookie = await devSignIn(t.app, 'renewer@example.com', 'Rene Renewer');
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const open = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie }, payload: { planId: pro.id, quantity: 1 } });
    expect(open.statusCode).toBe(200);
    const session = stripe.completeCheckout(open.json().sessionId);
    const webhook = (delivery: { payload: string; signature: string }) =>
      t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, payload: delivery.payload });
    await webhook(stripe.signedEvent('checkout.session.completed', session));
    const failed = stripe.invoiceFor(session.subscription, { paid: false, reason: 'subscription_cycle' });
    expect((await webhook(stripe.signedEvent('invoice.payment_failed', failed))).json().result).toBe('applied');
    await settled();

    const mail = await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('renewer@example.com') && (m.subject ?? '').includes('did not go through'));
    expect(mail.subject).toBe('Your payment of $49.00 did not go through');
    expect(mail.text).toContain('Hi Rene');
    const types = (await logsFor('renewer@example.com')).map((r) => [r.email_type, r.send_status]);
    expect(types).toContainEqual(['payment_failed', 'sent']);
    // A replayed webhook does not mail the customer twice.
    await webhook(stripe.signedEvent('invoice.payment_failed', failed));
    await settled();
    expect((await logsFor('renewer@example.com')).filter((r) => r.email_type === 'payment_failed')).toHaveLength(1);
  });

  it('tells the customer when their final video is ready', async () => {
    const cookie = await devSignIn(t.app, 'maker@example.com', 'Mia Maker');
    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const project = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16', title: 'Glow Serum Launch' })).json();
    expect((await api('POST', `/api/projects/${project.id}/generate-scenes`, { script, reelTime: 20, sceneCount: 2, sceneDuration: 10 })).statusCode).toBe(200);
    const voices = (await api('GET', '/api/voices')).json();
    expect((await api('POST', `/api/projects/${project.id}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: {} })).statusCode).toBe(200);
    expect((await api('POST', `/api/projects/${project.id}/generate-avatar`, { combinedPrompt: 'A woman in a bright bathroom', model: 'flux-kontext', aspectRatio: '9:16' })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/projects/${project.id}`, { selectedAvatar: 0 })).statusCode).toBe(200);
    expect((await api('POST', `/api/projects/${project.id}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' })).statusCode).toBe(200);
    const final = await api('POST', `/api/projects/${project.id}/create-final-video`, { sceneOrder: ['scene-1', 'scene-2'], transition: 'none', captions: false });
    expect(final.statusCode).toBe(200);
    await settled();

    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes('maker@example.com') && (m.subject ?? '').includes('is ready'));
    const title = (await t.db.db.selectFrom('projects').select('title').where('id', '=', project.id).executeTakeFirstOrThrow()).title;
    expect(mail.subject).toBe(`Your video "${title}" is ready`);
    expect(mail.text).toContain(`http://127.0.0.1:3999/project/${project.id}`);
    const types = (await logsFor('maker@example.com')).map((r) => [r.email_type, r.send_status]);
    expect(types).toEqual([['welcome', 'sent'], ['project_complete', 'sent']]);
  }, 240_000);
});
