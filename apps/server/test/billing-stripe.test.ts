import { adjustSubscription, STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS, StripePaymentProvider } from '@reelsmith/core';
import type { Config } from '../src/config.ts';
import { checkStripeSetup } from '../src/payments.ts';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { describe, expect, it } from 'vitest';
import { useStripeApp } from './support/stripe-test-app.ts';
import { devSignIn } from './test-app.ts';

// The billing calls against the real `stripe` SDK, pointed at the faithful fake Stripe on loopback.
describe.each(testDatabaseKinds())('billing with Stripe on %s', (kind) => {
  const c = useStripeApp(kind);
  const api = (method: 'GET' | 'POST', url: string, payload?: object) => c.api(method, url, payload);
  const webhook = (delivery: { payload: string; signature: string }) =>
    c.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, payload: delivery.payload });
  const buy = (planId?: string) => c.buy(planId);

  it('opens a subscription-mode Checkout Session for a monthly plan, linked to a Stripe customer', async () => {
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [customer] = c.stripe.requestsTo('POST', '/v1/customers');
    expect(customer?.body).toMatchObject({ email: 'buyer@example.com', name: 'Bea Buyer', metadata: { userId: c.userId } });
    const [price] = c.stripe.requestsTo('POST', '/v1/prices');
    expect(price?.body).toMatchObject({ unit_amount: '4900', currency: 'usd', recurring: { interval: 'month' } });
    const [create] = c.stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: c.userId,
      line_items: [{ quantity: '1' }],
      metadata: { userId: c.userId, planId: c.plans.proMonthly },
      success_url: `http://127.0.0.1:3999/payment-result?status=success&session_id={CHECKOUT_SESSION_ID}&planId=${c.plans.proMonthly}`,
      cancel_url: `http://127.0.0.1:3999/payment-result?status=cancelled&session_id={CHECKOUT_SESSION_ID}&planId=${c.plans.proMonthly}`,
    });
    expect(create?.headers.authorization).toBe('Bearer sk_test_reelsmith');
    expect(create?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(create?.headers['idempotency-key']).toBeTruthy();
    const user = await c.t.db.db.selectFrom('users').select('stripe_customer_id').executeTakeFirstOrThrow();
    expect(user.stripe_customer_id).toBe([...c.stripe.objects.values()].find((o) => o.object === 'customer')?.id);
    const plan = await c.t.db.db.selectFrom('plans').select('stripe_price_id').where('id', '=', c.plans.proMonthly).executeTakeFirstOrThrow();
    expect(plan.stripe_price_id).toMatch(/^price_/);
    // The next checkout reuses the customer and the price.
    await api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(c.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(c.stripe.requestsTo('POST', '/v1/prices')).toHaveLength(1);
  });

  it('uses payment mode for a one-time plan', async () => {
    const oneTime = await c.t.db.db
      .insertInto('plans')
      .values({ code: 'reel-pack', name: 'Reel Pack', billing_interval: 'one_time', price_cents: 2500, max_reel_seconds: 55, video_limit: 5, features: JSON.stringify(['5 videos']), description: null, stripe_price_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: oneTime.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const [create] = c.stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(create?.body.mode).toBe('payment');
    expect(c.stripe.requestsTo('POST', '/v1/prices')[0]?.body.recurring).toBeUndefined();
  });

  it('refuses bad checkout requests with clear messages', async () => {
    const signedOut = await c.t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: { planId: c.plans.proMonthly } });
    expect(signedOut.statusCode).toBe(401);
    const free = (await c.t.db.db.selectFrom('plans').select('id').where('code', '=', 'free').executeTakeFirstOrThrow()).id;
    expect((await api('POST', '/api/stripe/create-checkout-session', { planId: free })).json().error).toBe('This plan is not available for purchase.');
    expect((await api('POST', '/api/stripe/create-checkout-session', { planId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const bad = await api('POST', '/api/stripe/create-checkout-session', { planId: 'pro', quantity: 3, extra: true });
    expect(bad.statusCode).toBe(400);
    expect(c.stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('confirms a paid checkout with Stripe, replaces the Free plan, and is safe to call twice', async () => {
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    const { sessionId } = res.json();
    const early = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${c.plans.proMonthly}`);
    expect(early.json()).toMatchObject({ ok: false, error: 'The payment has not been completed.' });
    c.stripe.completeCheckout(sessionId);
    const first = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${c.plans.proMonthly}`);
    const second = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${c.plans.proMonthly}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, planName: 'Pro', documentLimit: 40, documentsUsed: 0, error: null });
    expect(new Date(first.json().endDate).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect(second.json()).toEqual(first.json());
    const subs = await c.t.db.db.selectFrom('subscriptions as s').innerJoin('plans as p', 'p.id', 's.plan_id').select(['p.code', 's.status']).orderBy('s.created_at').execute();
    expect(subs).toEqual([{ code: 'free', status: 'expired' }, { code: 'pro-monthly', status: 'active' }]);
    const current = (await api('GET', '/api/subscription/current')).json();
    expect(current).toMatchObject({ planName: 'Pro', isFreeUser: false, status: 'active', allowDownload: true, watermark: false, canCreateProject: true });
  });

  it("will not confirm another customer's checkout", async () => {
    const { sessionId } = await buy();
    const other = await devSignIn(c.t.app, 'other@example.com');
    const res = await c.t.app.inject({ method: 'GET', url: `/api/stripe/confirm?session_id=${sessionId}`, headers: { cookie: other } });
    expect(res.statusCode).toBe(404);
  });

  it('verifies webhook signatures over the raw body', async () => {
    const { session } = await buy();
    const delivery = c.stripe.signedEvent('checkout.session.completed', session);
    const tampered = await webhook({ payload: delivery.payload.replace('"paid"', '"unpaid"'), signature: delivery.signature });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toBe('Invalid Stripe signature');
    const unsigned = await c.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: delivery.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await c.t.db.db.selectFrom('payment_events').select('id').execute()).toHaveLength(0);
    expect(await c.t.db.db.selectFrom('subscriptions').select('id').where('status', '=', 'active').where('stripe_subscription_id', 'is not', null).execute()).toHaveLength(0);
  });

  it('applies each event once: checkout, then a replay of it changes nothing', async () => {
    const { session } = await buy();
    const delivery = c.stripe.signedEvent('checkout.session.completed', session);
    const first = await webhook(delivery);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    const replay = await webhook(delivery);
    expect(replay.json()).toEqual({ received: true, result: 'replayed' });
    const paid = await c.t.db.db.selectFrom('subscriptions').select(['status', 'stripe_subscription_id']).where('stripe_subscription_id', '=', session.subscription).execute();
    expect(paid).toEqual([{ status: 'active', stripe_subscription_id: session.subscription }]);
    // The browser's confirm after the webhook finds the work done.
    const confirm = await api('GET', `/api/stripe/confirm?session_id=${session.id}`);
    expect(confirm.json().ok).toBe(true);
    expect(await c.t.db.db.selectFrom('subscriptions').select('id').where('stripe_checkout_session_id', '=', session.id).execute()).toHaveLength(1);
  });

  it('records paid and failed invoices as transactions with amount, currency, status, receipt and payment references', async () => {
    const { subscriptionId } = await c.subscribe();
    const first = c.stripe.lastEvent('invoice.paid').data.object;
    const txs = (await api('GET', '/api/transactions')).json();
    expect(txs).toEqual([
      expect.objectContaining({ planName: 'Pro', amount: 49, currency: 'USD', paymentStatus: 'succeeded', stripeReceiptUrl: first.hosted_invoice_url }),
    ]);
    // The PaymentIntent and charge the invoice event does not carry were read back from Stripe.
    const stored = await c.t.db.db.selectFrom('transactions').select(['stripe_invoice_id', 'stripe_payment_intent_id', 'stripe_charge_id']).executeTakeFirstOrThrow();
    const pi = [...c.stripe.objects.values()].find((o) => o.object === 'payment_intent' && o.status === 'succeeded')!;
    expect(stored).toEqual({ stripe_invoice_id: first.id, stripe_payment_intent_id: pi.id, stripe_charge_id: pi.latest_charge });

    let from = c.stripe.events.length;
    c.stripe.declineCharges = 1;
    const failed = c.stripe.renew(subscriptionId);
    await c.deliverFrom(from);
    const after = (await api('GET', '/api/transactions')).json();
    expect(after.map((x: { paymentStatus: string }) => x.paymentStatus).sort()).toEqual(['failed', 'succeeded']);
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'past_due', canCreateProject: false, createBlockedReason: 'inactive' });
    // The retried invoice is paid: the same transaction turns succeeded and the period renews.
    await c.t.db.db.updateTable('subscriptions').set({ documents_used: 7 }).where('stripe_subscription_id', '=', subscriptionId).execute();
    from = c.stripe.events.length;
    c.stripe.payInvoice(failed.id);
    await c.deliverFrom(from);
    const renewed = (await api('GET', '/api/subscription/current')).json();
    expect(renewed).toMatchObject({ status: 'active', documentsUsed: 0 });
    expect(new Date(renewed.endDate).getTime()).toBe(c.stripe.objects.get(subscriptionId)!.items.data[0].current_period_end * 1000);
    expect((await api('GET', '/api/transactions')).json()).toHaveLength(2);
  });

  it('follows subscription updates and deletion from Stripe', async () => {
    const { subscriptionId } = await c.subscribe();
    const from = c.stripe.events.length;
    c.stripe.dashboardUpdate(subscriptionId, { cancel_at_period_end: 'true' });
    await c.deliverFrom(from);
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true, canCreateProject: true });
    c.stripe.endSubscription(subscriptionId);
    const deleted = await c.deliver(c.stripe.lastEvent('customer.subscription.deleted'));
    expect(deleted.body).toEqual({ received: true, result: 'applied' });
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'expired', canCreateProject: false });
  });

  it('cancels at period end through Stripe; only an active subscription can be cancelled', async () => {
    expect((await api('POST', '/api/subscription/cancel', {})).statusCode).toBe(409);
    const { sessionId } = await buy();
    await api('GET', `/api/stripe/confirm?session_id=${sessionId}`);
    const res = await api('POST', '/api/subscription/cancel', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const [update] = c.stripe.requestsTo('POST', /^\/v1\/subscriptions\//);
    expect(update?.body).toEqual({ cancel_at_period_end: 'true' });
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
    expect((await api('POST', '/api/subscription/cancel', {})).json().error).toBe('Only an active subscription can be cancelled.');
  });

  it('extends, adds credits and changes plan with proration, through Stripe and audited', async () => {
    const { sessionId, session } = await buy();
    await api('GET', `/api/stripe/confirm?session_id=${sessionId}`);
    const sub = await c.t.db.db.selectFrom('subscriptions').select(['id', 'end_date']).where('stripe_subscription_id', '=', session.subscription).executeTakeFirstOrThrow();
    const deps = c.t.app.core;
    const extended = await adjustSubscription(deps, c.admin, { subscriptionId: sub.id, adjustment: { type: 'extend', days: 10 }, reason: 'Outage compensation' });
    expect(extended.endDate!.getTime() - sub.end_date!.getTime()).toBe(10 * 86400_000);
    const trialUpdate = c.stripe.requestsTo('POST', /^\/v1\/subscriptions\//).at(-1);
    expect(trialUpdate?.body).toMatchObject({ trial_end: String(Math.floor(extended.endDate!.getTime() / 1000)), proration_behavior: 'none' });
    const credited = await adjustSubscription(deps, c.admin, { subscriptionId: sub.id, adjustment: { type: 'add_credits', credits: 5 }, reason: null });
    expect(credited.bonusCredits).toBe(5);
    expect((await api('GET', '/api/subscription/current')).json().documentLimit).toBe(45);
    await adjustSubscription(deps, c.admin, { subscriptionId: sub.id, adjustment: { type: 'change_plan', newPlanId: c.plans.starterMonthly, proration: 'create_prorations' }, reason: 'Downgrade' });
    const change = c.stripe.requestsTo('POST', /^\/v1\/subscriptions\//).at(-1);
    expect(change?.body).toMatchObject({ proration_behavior: 'create_prorations', items: [{ price: expect.stringMatching(/^price_/) }] });
    expect((await api('GET', '/api/subscription/current')).json().planName).toBe('Starter');
    const adjustments = await c.t.db.db.selectFrom('subscription_adjustments').select(['type', 'reason']).orderBy('created_at').execute();
    expect(adjustments).toEqual([
      { type: 'extend', reason: 'Outage compensation' },
      { type: 'add_credits', reason: null },
      { type: 'change_plan', reason: 'Downgrade' },
    ]);
    await expect(adjustSubscription(deps, c.admin, { subscriptionId: sub.id, adjustment: { type: 'extend', days: 0 }, reason: null })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps serving when Stripe fails, with a readable error and nothing half-done', async () => {
    c.stripe.failNext = { path: /^\/v1\/checkout\/sessions$/, status: 500, message: 'Stripe is down', times: 5 };
    const res = await api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).not.toContain('Stripe is down');
    expect(await c.t.db.db.selectFrom('checkout_sessions').select('id').execute()).toHaveLength(0);
  });

  it('refuses to start in production when the webhook endpoint is missing or incomplete, and says what to fix', async () => {
    const config = { isProduction: true, publicUrl: 'https://reelsmith.example' } as Config;
    const payments = c.t.app.core.payments;
    const warnings: string[] = [];
    const logger = { info: () => {}, debug: () => {}, warn: (_o: object, msg?: string) => void warnings.push(msg ?? ''), error: () => {} };
    expect(await checkStripeSetup({ ...config, isProduction: false }, payments, logger)).toBe('skipped');
    await expect(checkStripeSetup(config, payments, logger)).rejects.toThrow('no Stripe webhook endpoint for https://reelsmith.example/api/stripe/webhook');
    const endpoint = c.stripe.addWebhookEndpoint({ url: 'https://reelsmith.example/api/stripe/webhook', enabled_events: ['checkout.session.completed', 'invoice.paid'], api_version: '2024-06-20' });
    const refused = checkStripeSetup(config, payments, logger);
    await expect(refused).rejects.toThrow('does not send checkout.session.async_payment_succeeded');
    await expect(checkStripeSetup(config, payments, logger)).rejects.toThrow(`uses API version 2024-06-20, not ${STRIPE_API_VERSION}`);
    endpoint.enabled_events = [...STRIPE_WEBHOOK_EVENTS];
    endpoint.api_version = STRIPE_API_VERSION;
    expect(await checkStripeSetup(config, payments, logger)).toBe('ok');
    endpoint.status = 'disabled';
    await expect(checkStripeSetup(config, payments, logger)).rejects.toThrow('is disabled');
    // A restricted key that may not list endpoints: a warning, not a refusal.
    const restricted = new StripePaymentProvider({ secretKey: 'rk_live_reelsmith', webhookSecret: 'whsec_x', host: '127.0.0.1', port: Number(new URL(c.stripe.url).port), protocol: 'http' });
    expect(await checkStripeSetup(config, restricted, logger)).toBe('unchecked');
    expect(warnings.at(-1)).toContain('may not read webhook endpoints');
  });

  it('stops the first Stripe subscription when a second checkout, paid in another tab, replaces it', async () => {
    const open = async () => (await api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 })).json().sessionId as string;
    const [first, second] = [await open(), await open()];
    const from = c.stripe.events.length;
    const a = c.stripe.completeCheckout(first);
    const b = c.stripe.completeCheckout(second);
    await c.deliverFrom(from);
    expect(c.stripe.requestsTo('DELETE', `/v1/subscriptions/${a.subscription}`)).toHaveLength(1);
    expect(c.stripe.objects.get(a.subscription)!.status).toBe('canceled');
    expect(c.stripe.objects.get(b.subscription)!.status).toBe('active');
    // Stripe's deletion event for the first one changes nothing more.
    expect((await c.deliver(c.stripe.lastEvent('customer.subscription.deleted'))).statusCode).toBe(200);
    const subs = await c.t.db.db.selectFrom('subscriptions').select(['stripe_subscription_id', 'status']).where('stripe_subscription_id', 'is not', null).orderBy('created_at').execute();
    expect(subs).toEqual([
      { stripe_subscription_id: a.subscription, status: 'expired' },
      { stripe_subscription_id: b.subscription, status: 'active' },
    ]);
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Pro', status: 'active' });
  });

  it('cancels a subscription an admin extended (a trial at Stripe) like an active one', async () => {
    const { subscriptionId } = await c.subscribe();
    const row = await c.subscriptionRow(subscriptionId);
    const from = c.stripe.events.length;
    await adjustSubscription(c.t.app.core, c.admin, { subscriptionId: row.id, adjustment: { type: 'extend', days: 10 }, reason: null });
    await c.deliverFrom(from);
    expect((await api('GET', '/api/subscription/current')).json().status).toBe('trialing');
    const res = await api('POST', '/api/subscription/cancel', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(c.stripe.objects.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
  });
});
