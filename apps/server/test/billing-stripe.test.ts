import { adjustSubscription, refundTransaction } from '@reelsmith/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe } from './support/fake-stripe.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// The billing calls against the real `stripe` SDK, pointed at a fake Stripe server on loopback.
describe('billing with Stripe', () => {
  const stripe = new FakeStripe();
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let proMonthly: string;
  let starterMonthly: string;
  const admin = { id: '', email: 'ops@example.com', ip: '127.0.0.1' };

  beforeAll(async () => {
    await stripe.start();
    t = await buildTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_reelsmith',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'http://127.0.0.1:3999',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  beforeEach(async () => {
    await t.db.reset();
    stripe.reset();
    cookie = await devSignIn(t.app, 'buyer@example.com', 'Bea Buyer');
    userId = (await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const plans = await t.db.db.selectFrom('plans').select(['id', 'code']).execute();
    proMonthly = plans.find((p) => p.code === 'pro-monthly')!.id;
    starterMonthly = plans.find((p) => p.code === 'starter-monthly')!.id;
    admin.id = (await t.db.db.insertInto('admins').values({ email: admin.email, password_hash: 'x', role: 'admin' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const webhook = (delivery: { payload: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, payload: delivery.payload });

  async function buy(planId = proMonthly) {
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    const session = stripe.completeCheckout(sessionId);
    return { sessionId, session };
  }

  it('opens a subscription-mode Checkout Session for a monthly plan, linked to a Stripe customer', async () => {
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: proMonthly, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [customer] = stripe.requestsTo('POST', '/v1/customers');
    expect(customer?.body).toMatchObject({ email: 'buyer@example.com', name: 'Bea Buyer', metadata: { userId } });
    const [price] = stripe.requestsTo('POST', '/v1/prices');
    expect(price?.body).toMatchObject({ unit_amount: '4900', currency: 'usd', recurring: { interval: 'month' } });
    const [create] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      line_items: [{ quantity: '1' }],
      metadata: { userId, planId: proMonthly },
      success_url: `http://127.0.0.1:3999/payment-result?status=success&session_id={CHECKOUT_SESSION_ID}&planId=${proMonthly}`,
      cancel_url: `http://127.0.0.1:3999/payment-result?status=cancelled&session_id={CHECKOUT_SESSION_ID}&planId=${proMonthly}`,
    });
    expect(create?.headers.authorization).toBe('Bearer sk_test_reelsmith');
    expect(create?.headers['stripe-version']).toBeTruthy();
    expect(create?.headers['idempotency-key']).toBeTruthy();
    const user = await t.db.db.selectFrom('users').select('stripe_customer_id').executeTakeFirstOrThrow();
    expect(user.stripe_customer_id).toBe([...stripe.objects.values()].find((o) => o.object === 'customer')?.id);
    const plan = await t.db.db.selectFrom('plans').select('stripe_price_id').where('id', '=', proMonthly).executeTakeFirstOrThrow();
    expect(plan.stripe_price_id).toMatch(/^price_/);
    // The next checkout reuses the customer and the price.
    await api('POST', '/api/stripe/create-checkout-session', { planId: proMonthly, quantity: 1 });
    expect(stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(stripe.requestsTo('POST', '/v1/prices')).toHaveLength(1);
  });

  it('uses payment mode for a one-time plan', async () => {
    const oneTime = await t.db.db
      .insertInto('plans')
      .values({ code: 'reel-pack', name: 'Reel Pack', billing_interval: 'one_time', price_cents: 2500, max_reel_seconds: 55, video_limit: 5, features: JSON.stringify(['5 videos']), description: null, stripe_price_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: oneTime.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const [create] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create?.body.mode).toBe('payment');
    expect(stripe.requestsTo('POST', '/v1/prices')[0]?.body.recurring).toBeUndefined();
  });

  it('refuses bad checkout requests with clear messages', async () => {
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { planId: proMonthly } });
    expect(signedOut.statusCode).toBe(401);
    const free = (await t.db.db.selectFrom('plans').select('id').where('code', '=', 'free').executeTakeFirstOrThrow()).id;
    expect((await api('POST', '/api/stripe/create-checkout-session', { planId: free })).json().error).toBe('This plan is not available for purchase.');
    expect((await api('POST', '/api/stripe/create-checkout-session', { planId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const bad = await api('POST', '/api/stripe/create-checkout-session', { planId: 'pro', quantity: 3, extra: true });
    expect(bad.statusCode).toBe(400);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('confirms a paid checkout with Stripe, replaces the Free plan, and is safe to call twice', async () => {
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: proMonthly, quantity: 1 });
    const { sessionId } = res.json();
    const early = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${proMonthly}`);
    expect(early.json()).toMatchObject({ ok: false, error: 'The payment has not been completed.' });
    stripe.completeCheckout(sessionId);
    const first = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${proMonthly}`);
    const second = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${proMonthly}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, planName: 'Pro', documentLimit: 40, documentsUsed: 0, error: null });
    expect(new Date(first.json().endDate).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect(second.json()).toEqual(first.json());
    const subs = await t.db.db.selectFrom('subscriptions as s').innerJoin('plans as p', 'p.id', 's.plan_id').select(['p.code', 's.status']).orderBy('s.created_at').execute();
    expect(subs).toEqual([{ code: 'free', status: 'expired' }, { code: 'pro-monthly', status: 'active' }]);
    const current = (await api('GET', '/api/subscription/current')).json();
    expect(current).toMatchObject({ planName: 'Pro', isFreeUser: false, status: 'active', allowDownload: true, watermark: false, canCreateProject: true });
  });

  it("will not confirm another customer's checkout", async () => {
    const { sessionId } = await buy();
    const other = await devSignIn(t.app, 'other@example.com');
    const res = await t.app.inject({ method: 'GET', url: `/api/stripe/confirm?session_id=${sessionId}`, headers: { cookie: other } });
    expect(res.statusCode).toBe(404);
  });

  it('verifies webhook signatures over the raw body', async () => {
    const { session } = await buy();
    const delivery = stripe.signedEvent('checkout.session.completed', session);
    const tampered = await webhook({ payload: delivery.payload.replace('"paid"', '"unpaid"'), signature: delivery.signature });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toBe('Invalid Stripe signature');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: delivery.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.db.db.selectFrom('payment_events').select('id').execute()).toHaveLength(0);
    expect(await t.db.db.selectFrom('subscriptions').select('id').where('status', '=', 'active').where('stripe_subscription_id', 'is not', null).execute()).toHaveLength(0);
  });

  it('applies each event once: checkout, then a replay of it changes nothing', async () => {
    const { session } = await buy();
    const delivery = stripe.signedEvent('checkout.session.completed', session);
    const first = await webhook(delivery);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    const replay = await webhook(delivery);
    expect(replay.json()).toEqual({ received: true, result: 'replayed' });
    const paid = await t.db.db.selectFrom('subscriptions').select(['status', 'stripe_subscription_id']).where('stripe_subscription_id', '=', session.subscription).execute();
    expect(paid).toEqual([{ status: 'active', stripe_subscription_id: session.subscription }]);
    // The browser's confirm after the webhook finds the work done.
    const confirm = await api('GET', `/api/stripe/confirm?session_id=${session.id}`);
    expect(confirm.json().ok).toBe(true);
    expect(await t.db.db.selectFrom('subscriptions').select('id').where('stripe_checkout_session_id', '=', session.id).execute()).toHaveLength(1);
  });

  it('records paid and failed invoices as transactions with amount, currency, status and receipt', async () => {
    const { session } = await buy();
    await webhook(stripe.signedEvent('checkout.session.completed', session));
    const paid = stripe.invoiceFor(session.subscription, { paid: true });
    expect((await webhook(stripe.signedEvent('invoice.paid', paid))).json().result).toBe('applied');
    const txs = (await api('GET', '/api/transactions')).json();
    expect(txs).toEqual([
      expect.objectContaining({ planName: 'Pro', amount: 49, currency: 'USD', paymentStatus: 'succeeded', stripeReceiptUrl: paid.hosted_invoice_url }),
    ]);
    const failed = stripe.invoiceFor(session.subscription, { paid: false, reason: 'subscription_cycle' });
    await webhook(stripe.signedEvent('invoice.payment_failed', failed));
    const after = (await api('GET', '/api/transactions')).json();
    expect(after.map((x: { paymentStatus: string }) => x.paymentStatus).sort()).toEqual(['failed', 'succeeded']);
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'past_due', canCreateProject: false, createBlockedReason: 'inactive' });
    // The retried invoice is paid: the same transaction turns succeeded and the period renews.
    await t.db.db.updateTable('subscriptions').set({ documents_used: 7 }).where('stripe_subscription_id', '=', session.subscription).execute();
    await webhook(stripe.signedEvent('invoice.paid', { ...failed, amount_paid: failed.amount_due, status: 'paid' }));
    const renewed = (await api('GET', '/api/subscription/current')).json();
    expect(renewed).toMatchObject({ status: 'active', documentsUsed: 0 });
    expect((await api('GET', '/api/transactions')).json()).toHaveLength(2);
  });

  it('follows subscription updates and deletion from Stripe', async () => {
    const { session } = await buy();
    await webhook(stripe.signedEvent('checkout.session.completed', session));
    const sub = stripe.objects.get(session.subscription)!;
    await webhook(stripe.signedEvent('customer.subscription.updated', { ...sub, cancel_at_period_end: true }));
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true, canCreateProject: true });
    const deleted = await webhook(stripe.signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) - 5 }));
    expect(deleted.json()).toEqual({ received: true, result: 'applied' });
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'expired', canCreateProject: false });
  });

  it('cancels at period end through Stripe; only an active subscription can be cancelled', async () => {
    expect((await api('POST', '/api/subscription/cancel', {})).statusCode).toBe(409);
    const { sessionId } = await buy();
    await api('GET', `/api/stripe/confirm?session_id=${sessionId}`);
    const res = await api('POST', '/api/subscription/cancel', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const [update] = stripe.requestsTo('POST', /^\/v1\/subscriptions\//);
    expect(update?.body).toEqual({ cancel_at_period_end: 'true' });
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
    expect((await api('POST', '/api/subscription/cancel', {})).json().error).toBe('Only an active subscription can be cancelled.');
  });

  it('refunds part, then the rest, through Stripe, never more than what remains; the webhook agrees', async () => {
    const { session } = await buy();
    await webhook(stripe.signedEvent('checkout.session.completed', session));
    await webhook(stripe.signedEvent('invoice.paid', stripe.invoiceFor(session.subscription, { paid: true })));
    const tx = await t.db.db.selectFrom('transactions').select(['id', 'subscription_id', 'stripe_payment_intent_id']).executeTakeFirstOrThrow();
    const deps = t.app.core;
    const subscriptionId = tx.subscription_id!;
    const partial = await refundTransaction(deps, admin, { subscriptionId, transactionId: tx.id, amountCents: 1900, reason: 'Partial goodwill' });
    expect(partial).toMatchObject({ refundedCents: 1900, remainingCents: 3000, status: 'partially_refunded' });
    expect(stripe.requestsTo('POST', '/v1/refunds')[0]?.body).toMatchObject({ payment_intent: tx.stripe_payment_intent_id, amount: '1900' });
    await expect(refundTransaction(deps, admin, { subscriptionId, transactionId: tx.id, amountCents: 3001, reason: null })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(1);
    const rest = await refundTransaction(deps, admin, { subscriptionId, transactionId: tx.id, amountCents: 3000, reason: null });
    expect(rest).toMatchObject({ remainingCents: 0, status: 'refunded' });
    await expect(refundTransaction(deps, admin, { subscriptionId, transactionId: tx.id, amountCents: 1, reason: null })).rejects.toMatchObject({ code: 'CONFLICT' });
    // Stripe's charge.refunded for the same money changes nothing further.
    await webhook(stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: tx.stripe_payment_intent_id, amount_refunded: 4900, receipt_url: null }));
    const after = await t.db.db.selectFrom('transactions').select(['refunded_cents', 'status']).executeTakeFirstOrThrow();
    expect(after).toEqual({ refunded_cents: 4900, status: 'refunded' });
    expect(await t.db.db.selectFrom('refunds').select('amount_cents').orderBy('created_at').execute()).toEqual([{ amount_cents: 1900 }, { amount_cents: 3000 }]);
    const audits = await t.db.db.selectFrom('audit_logs').select(['action', 'admin_email']).where('action', '=', 'subscription_refund').execute();
    expect(audits).toHaveLength(2);
  });

  it('records a refund made in the Stripe dashboard from charge.refunded', async () => {
    const { session } = await buy();
    await webhook(stripe.signedEvent('checkout.session.completed', session));
    await webhook(stripe.signedEvent('invoice.paid', stripe.invoiceFor(session.subscription, { paid: true })));
    const tx = await t.db.db.selectFrom('transactions').select(['stripe_payment_intent_id']).executeTakeFirstOrThrow();
    await webhook(stripe.signedEvent('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: tx.stripe_payment_intent_id, amount_refunded: 1000, receipt_url: 'https://pay.stripe.test/r' }));
    const after = await t.db.db.selectFrom('transactions').select(['refunded_cents', 'status', 'stripe_charge_id']).executeTakeFirstOrThrow();
    expect(after).toEqual({ refunded_cents: 1000, status: 'partially_refunded', stripe_charge_id: 'ch_2' });
  });

  it('extends, adds credits and changes plan with proration, through Stripe and audited', async () => {
    const { sessionId, session } = await buy();
    await api('GET', `/api/stripe/confirm?session_id=${sessionId}`);
    const sub = await t.db.db.selectFrom('subscriptions').select(['id', 'end_date']).where('stripe_subscription_id', '=', session.subscription).executeTakeFirstOrThrow();
    const deps = t.app.core;
    const extended = await adjustSubscription(deps, admin, { subscriptionId: sub.id, adjustment: { type: 'extend', days: 10 }, reason: 'Outage compensation' });
    expect(extended.endDate!.getTime() - sub.end_date!.getTime()).toBe(10 * 86400_000);
    const trialUpdate = stripe.requestsTo('POST', /^\/v1\/subscriptions\//).at(-1);
    expect(trialUpdate?.body).toMatchObject({ trial_end: String(Math.floor(extended.endDate!.getTime() / 1000)), proration_behavior: 'none' });
    const credited = await adjustSubscription(deps, admin, { subscriptionId: sub.id, adjustment: { type: 'add_credits', credits: 5 }, reason: null });
    expect(credited.bonusCredits).toBe(5);
    expect((await api('GET', '/api/subscription/current')).json().documentLimit).toBe(45);
    await adjustSubscription(deps, admin, { subscriptionId: sub.id, adjustment: { type: 'change_plan', newPlanId: starterMonthly, proration: 'create_prorations' }, reason: 'Downgrade' });
    const change = stripe.requestsTo('POST', /^\/v1\/subscriptions\//).at(-1);
    expect(change?.body).toMatchObject({ proration_behavior: 'create_prorations', items: [{ price: expect.stringMatching(/^price_/) }] });
    expect((await api('GET', '/api/subscription/current')).json().planName).toBe('Starter');
    const adjustments = await t.db.db.selectFrom('subscription_adjustments').select(['type', 'reason']).orderBy('created_at').execute();
    expect(adjustments).toEqual([
      { type: 'extend', reason: 'Outage compensation' },
      { type: 'add_credits', reason: null },
      { type: 'change_plan', reason: 'Downgrade' },
    ]);
    await expect(adjustSubscription(deps, admin, { subscriptionId: sub.id, adjustment: { type: 'extend', days: 0 }, reason: null })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps serving when Stripe fails, with a readable error and nothing half-done', async () => {
    stripe.failNext = { path: /^\/v1\/checkout\/sessions$/, status: 500, message: 'Stripe is down', times: 5 };
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: proMonthly, quantity: 1 });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).not.toContain('Stripe is down');
    expect(await t.db.db.selectFrom('checkout_sessions').select('id').execute()).toHaveLength(0);
  });
});
