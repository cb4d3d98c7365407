import { adjustSubscription } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { describe, expect, it } from 'vitest';
import { useStripeApp } from './support/stripe-test-app.ts';
import { buildTestApp, devSignIn } from './test-app.ts';

// Plan changes and the keys and ids the Stripe calls carry.
describe.each(testDatabaseKinds())('Stripe plan changes and keys on %s', (kind) => {
  const c = useStripeApp(kind);

  it('charges an upgrade at once and grants the new plan with the payment', async () => {
    const { subscriptionId } = await c.subscribe(c.plans.starterMonthly);
    const from = c.stripe.events.length;
    const res = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const change = c.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).find((r) => r.body.items);
    expect(change?.body).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    expect(change?.body.metadata).toBeUndefined();
    expect(c.stripe.objects.get(subscriptionId)!.metadata.planId).toBe(c.plans.proMonthly);
    await c.deliverFrom(from);
    const upgradeInvoice = c.stripe.lastEvent('invoice.paid').data.object;
    expect(upgradeInvoice.billing_reason).toBe('subscription_update');
    const tx = await c.t.db.db.selectFrom('transactions').select(['amount_cents', 'status', 'stripe_payment_intent_id']).where('stripe_invoice_id', '=', upgradeInvoice.id).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ status: 'succeeded', amount_cents: upgradeInvoice.amount_paid, stripe_payment_intent_id: expect.stringMatching(/^pi_/) });
    expect(tx.amount_cents).toBeGreaterThan(2900);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Pro', status: 'active', documentLimit: 40 });
  });

  it('leaves the old plan when the upgrade charge is declined', async () => {
    const { subscriptionId } = await c.subscribe(c.plans.starterMonthly);
    const starterPrice = c.stripe.objects.get(subscriptionId)!.items.data[0].price.id;
    const from = c.stripe.events.length;
    c.stripe.declineCharges = 1;
    const res = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toContain('declined');
    await c.deliverFrom(from);
    expect(c.stripe.objects.get(subscriptionId)!.items.data[0].price.id).toBe(starterPrice);
    expect(c.stripe.objects.get(subscriptionId)!.pending_update).not.toBeNull();
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Starter', status: 'active', documentLimit: 10 });
    expect(await c.t.db.db.selectFrom('subscription_adjustments').select('id').execute()).toEqual([]);
    // Stripe retries the open upgrade invoice later and it is paid: the pending change applies there, and here.
    const retry = c.stripe.events.length;
    c.stripe.payInvoice(c.stripe.objects.get(subscriptionId)!.latest_invoice);
    await c.deliverFrom(retry);
    expect(c.stripe.objects.get(subscriptionId)!.items.data[0].price.id).not.toBe(starterPrice);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Pro', status: 'active', documentLimit: 40 });
  });

  it("voids a declined upgrade's invoice once Stripe drops the pending update, so a later retry cannot charge for it", async () => {
    const { subscriptionId } = await c.subscribe(c.plans.starterMonthly);
    c.stripe.declineCharges = 1;
    expect((await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 })).statusCode).toBe(402);
    const upgradeInvoice = c.stripe.objects.get(subscriptionId)!.latest_invoice as string;
    expect(c.stripe.objects.get(upgradeInvoice)).toMatchObject({ status: 'open', billing_reason: 'subscription_update' });
    const from = c.stripe.events.length;
    c.stripe.now += 23 * 3600;
    c.stripe.expirePendingUpdate(subscriptionId);
    await c.deliverFrom(from);
    expect(c.stripe.requestsTo('POST', `/v1/invoices/${upgradeInvoice}/void`)).toHaveLength(1);
    expect(c.stripe.objects.get(upgradeInvoice)!.status).toBe('void');
    expect(() => c.stripe.payInvoice(upgradeInvoice)).toThrow(/void/);
    // Delivered again (another event id, as a resend makes): nothing more is asked of Stripe.
    await c.deliver({ ...c.stripe.lastEvent('customer.subscription.pending_update_expired'), id: 'evt_resent_expiry' });
    expect(c.stripe.requestsTo('POST', `/v1/invoices/${upgradeInvoice}/void`)).toHaveLength(1);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Starter', status: 'active' });
  });

  it('ends the Stripe subscription when an admin moves a paying customer to Free, and changes nothing if Stripe refuses', async () => {
    const { subscriptionId } = await c.subscribe(c.plans.proMonthly);
    const row = await c.subscriptionRow(subscriptionId);
    const free = (await c.t.db.db.selectFrom('plans').select('id').where('code', '=', 'free').executeTakeFirstOrThrow()).id;
    const adjust = () => adjustSubscription(c.t.app.core, c.admin, { subscriptionId: row.id, adjustment: { type: 'change_plan', newPlanId: free, proration: 'create_prorations' }, reason: 'Goodwill downgrade' });
    c.stripe.failNext = { path: new RegExp(`^/v1/subscriptions/${subscriptionId}$`), status: 500, message: 'An unknown error occurred', times: 4 };
    await expect(adjust()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('Stripe could not cancel the paid subscription') });
    expect(await c.subscriptionRow(subscriptionId)).toMatchObject({ plan_id: c.plans.proMonthly, status: 'active' });
    expect(await c.t.db.db.selectFrom('subscription_adjustments').select('id').execute()).toEqual([]);
    c.stripe.failNext = undefined;
    const from = c.stripe.events.length;
    const done = await adjust();
    expect(done.planId).toBe(free);
    expect(c.stripe.objects.get(subscriptionId)!.status).toBe('canceled');
    const after = await c.t.db.db.selectFrom('subscriptions').select(['plan_id', 'status', 'stripe_subscription_id', 'end_date']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ plan_id: free, status: 'active', stripe_subscription_id: null, end_date: null });
    // Stripe's deletion event is acknowledged and leaves the customer on Free.
    await c.deliverFrom(from);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Free', status: 'active' });
    const audit = await c.t.db.db.selectFrom('audit_logs').select('details').where('action', '=', 'subscription_adjust').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain(subscriptionId);
  });

  it('credits a downgrade on the next invoice instead of charging now', async () => {
    const { subscriptionId } = await c.subscribe(c.plans.proMonthly);
    const res = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.starterMonthly, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const change = c.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).find((r) => r.body.items);
    expect(change?.body).toMatchObject({ proration_behavior: 'create_prorations' });
    expect(c.stripe.eventsOf('invoice.paid')).toHaveLength(1);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Starter' });
  });

  it('does not let a replayed 500 on price creation block later buyers', async () => {
    c.stripe.failNext = { path: /^\/v1\/prices$/, status: 500, message: 'An unknown error occurred', times: 1 };
    const first = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(first.statusCode).toBe(500);
    // The SDK's own retries of that call carried its key and got the stored 500 back.
    const tries = c.stripe.requestsTo('POST', '/v1/prices');
    expect(new Set(tries.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(c.stripe.answers.filter((a) => a.request.path === '/v1/prices').every((a) => a.status === 500)).toBe(true);
    const other = await devSignIn(c.t.app, 'second@example.com', 'Sam Second');
    const second = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 }, other);
    expect(second.statusCode, second.body).toBe(200);
    const again = await c.api('POST', '/api/stripe/create-checkout-session', { planId: c.plans.proMonthly, quantity: 1 });
    expect(again.statusCode, again.body).toBe(200);
    const keys = c.stripe.requestsTo('POST', '/v1/prices').map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('keeps customer and price ids per Stripe account and mode: live keys never reuse test-mode ids', async () => {
    const open = (app = c.t.app) => app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie: c.cookie }, payload: { planId: c.plans.proMonthly, quantity: 1 } });
    expect((await open()).statusCode).toBe(200);
    const [testCustomer] = c.stripe.answers.filter((a) => a.request.path === '/v1/customers').map((a) => a.body.id as string);
    const live = await buildTestApp(kind, { STRIPE_SECRET_KEY: 'sk_live_reelsmith', STRIPE_WEBHOOK_SECRET: c.stripe.webhookSecret, STRIPE_API_BASE: c.stripe.url, PUBLIC_URL: 'http://127.0.0.1:3999' }, c.t.db);
    try {
      const res = await open(live.app);
      expect(res.statusCode, res.body).toBe(200);
      const session = c.stripe.objects.get(res.json().sessionId)!;
      expect(session.livemode).toBe(true);
      expect(session.customer).not.toBe(testCustomer);
      expect(c.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(2);
      expect(c.stripe.requestsTo('POST', '/v1/prices')).toHaveLength(2);
      expect((await open(live.app)).statusCode).toBe(200);
    } finally {
      await live.close();
    }
    // Back on the test keys: the test-mode customer and price are used again.
    const back = await open();
    expect(back.statusCode, back.body).toBe(200);
    expect(c.stripe.objects.get(back.json().sessionId)!.customer).toBe(testCustomer);
    expect(c.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(2);
    expect(c.stripe.requestsTo('POST', '/v1/prices')).toHaveLength(2);
  });
});
