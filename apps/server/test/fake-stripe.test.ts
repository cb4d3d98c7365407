import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, FakeStripe, fieldsNotInFixtures } from './support/fake-stripe.ts';

// The fake Stripe the billing suites run against, held to Stripe's published shapes and documented
// behaviour, through the real SDK.
describe('the fake Stripe', () => {
  const fake = new FakeStripe();
  let stripe: Stripe;

  beforeAll(async () => {
    await fake.start();
    const url = new URL(fake.url);
    stripe = new Stripe('sk_test_fake', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  /** A customer on a monthly plan, paid by card through a completed checkout. */
  async function subscribed(unitAmount = 1900) {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const product = await stripe.products.create({ name: 'Plan' });
    const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: unitAmount, recurring: { interval: 'month' } });
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price.id, quantity: 1 }], success_url: 'https://x.test/ok', cancel_url: 'https://x.test/no' });
    const completed = fake.completeCheckout(session.id);
    return { customer, product, price, session: completed, subscriptionId: completed.subscription as string };
  }

  it('never returns a field that the reference fixture of that object type does not have', async () => {
    const { product, subscriptionId, session } = await subscribed();
    const bigger = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' } });
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: sub.items.data[0]!.id, price: bigger.id }], proration_behavior: 'create_prorations' });
    fake.renew(subscriptionId);
    fake.declineCharges = 1;
    fake.renew(subscriptionId);
    const paid = fake.lastEvent('invoice.paid').data.object;
    await stripe.invoices.retrieve(paid.id, { expand: ['payments.data.payment.payment_intent'] });
    await stripe.invoices.retrieve(paid.id, { expand: ['payments'] });
    await stripe.invoicePayments.list({ invoice: paid.id, expand: ['data.payment.payment_intent'] });
    const pi = await stripe.paymentIntents.retrieve((await stripe.invoicePayments.list({ invoice: paid.id })).data[0]!.payment!.payment_intent as string, { expand: ['latest_charge'] });
    await stripe.refunds.create({ payment_intent: pi.id, amount: 100 });
    fake.dashboardRefund(pi.latest_charge && typeof pi.latest_charge !== 'string' ? pi.latest_charge.id : '', 100);
    await stripe.checkout.sessions.retrieve(session.id);
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    fake.endSubscription(subscriptionId);
    await stripe.webhookEndpoints.list();
    await stripe.accounts.retrieveCurrent();

    const ok = fake.answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(15);
    const problems = ok.flatMap((a) => {
      const expand = ([] as string[]).concat(a.request.body.expand ?? []);
      const allow = new Set(expand.some((p) => p.startsWith('payments')) ? ['invoice.payments'] : []);
      return fieldsNotInFixtures(a.body, allow).map((p) => `${a.request.method} ${a.request.path}: ${p}`);
    });
    expect(problems).toEqual([]);
    expect(new Set(fake.events.map((e) => e.type))).toEqual(
      new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed', 'checkout.session.completed', 'refund.created', 'charge.refunded']),
    );
    // Events carry objects as they were, never expanded: an invoice event has no payments.
    expect(fake.events.flatMap((e) => fieldsNotInFixtures(e))).toEqual([]);
  });

  it('has a shape check that catches a stray field, and builds nothing the fixture lacks', () => {
    const invoice = build('invoice', { id: 'in_1' });
    expect(fieldsNotInFixtures(invoice)).toEqual([]);
    expect(fieldsNotInFixtures({ ...invoice, payment_intent: 'pi_1' })).toEqual(['invoice.payment_intent']);
    expect(fieldsNotInFixtures({ ...invoice, lines: { ...invoice.lines, data: [{ ...invoice.lines.data[0], price: 'price_1' }] } })).toEqual(['line_item.price']);
    expect(fieldsNotInFixtures({ ...invoice, payments: { object: 'list', data: [] } })).toEqual(['invoice.payments']);
    expect(fieldsNotInFixtures({ ...invoice, payments: { object: 'list', data: [] } }, new Set(['invoice.payments']))).toEqual([]);
    expect(() => build('invoice', { charge: 'ch_1' })).toThrow("a invoice has no field 'charge'");
    expect(() => build('subscription', { latest_payment_intent: 'pi_1' })).toThrow(/no field 'latest_payment_intent'/);
  });

  it('expands only what a request asks for: an invoice names its payment only when its payments are expanded', async () => {
    await subscribed();
    const invoiceId = fake.lastEvent('invoice.paid').data.object.id;
    const plain = await stripe.invoices.retrieve(invoiceId);
    expect(plain).not.toHaveProperty('payments');
    expect(plain).not.toHaveProperty('payment_intent');
    expect(plain).not.toHaveProperty('charge');
    const withPayments = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
    expect(withPayments.payments?.data[0]?.payment).toEqual({ type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) });
    const deep = await stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent'] });
    const intent = deep.payments!.data[0]!.payment!.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', latest_charge: expect.stringMatching(/^ch_/) });
    const sub = await stripe.subscriptions.retrieve(deep.parent!.subscription_details!.subscription as string);
    expect(typeof sub.latest_invoice).toBe('string');
    expect(typeof (await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })).latest_invoice).toBe('object');
    expect(fake.lastEvent('invoice.paid').data.object).not.toHaveProperty('payments');
  });

  it('enforces idempotency keys as Stripe documents them', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'k1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    await expect(stripe.products.create({ name: 'x' }, { idempotencyKey: 'k1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    // A first 500 is the answer for that key for 24 hours, even once Stripe is well again.
    fake.failNext = { path: /^\/v1\/products$/, status: 500, message: 'An unknown error occurred' };
    await expect(stripe.products.create({ name: 'Plan' }, { idempotencyKey: 'k2' })).rejects.toMatchObject({ statusCode: 500 });
    await expect(stripe.products.create({ name: 'Plan' }, { idempotencyKey: 'k2' })).rejects.toMatchObject({ statusCode: 500 });
    expect((await stripe.products.create({ name: 'Plan' }, { idempotencyKey: 'k3' })).object).toBe('product');
    fake.now += 86_400 + 1;
    expect((await stripe.products.create({ name: 'Plan' }, { idempotencyKey: 'k2' })).object).toBe('product');
  });

  it('puts proration lines before the subscription line on the renewal after a plan change', async () => {
    const { product, subscriptionId } = await subscribed(1900);
    const bigger = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' } });
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const oldEnd = sub.items.data[0]!.current_period_end;
    fake.now += 10 * 86_400;
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: sub.items.data[0]!.id, price: bigger.id }], proration_behavior: 'create_prorations' });
    const renewal = fake.renew(subscriptionId);
    const lines = renewal.lines.data as { amount: number; period: { end: number }; parent: { subscription_item_details: { proration: boolean } } }[];
    expect(lines.map((l) => l.parent.subscription_item_details.proration)).toEqual([true, true, false]);
    expect(lines[0]!.period.end).toBe(oldEnd);
    expect(lines[2]!.period.end).toBeGreaterThan(oldEnd);
    expect(lines[2]!.amount).toBe(4900);
    expect(lines[0]!.amount).toBeLessThan(0);
  });

  it('charges an always_invoice change at once; with pending_if_incomplete a declined charge keeps the old price', async () => {
    const { product, price, subscriptionId } = await subscribed(1900);
    const bigger = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' } });
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: bigger.id }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete', metadata: { a: 'b' } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    fake.declineCharges = 1;
    const declined = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: bigger.id }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    expect(declined.pending_update).not.toBeNull();
    expect(declined.items.data[0]!.price.id).toBe(price.id);
    expect(fake.lastEvent('invoice.payment_failed').data.object.billing_reason).toBe('subscription_update');
    const charged = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: bigger.id }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    expect(charged.pending_update).toBeNull();
    expect(charged.items.data[0]!.price.id).toBe(bigger.id);
    const invoice = fake.lastEvent('invoice.paid').data.object;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(invoice.amount_paid).toBeGreaterThan(2900);
  });
});
