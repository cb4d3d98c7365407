import { adjustSubscription } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { describe, expect, it } from 'vitest';
import { build } from './support/fake-stripe.ts';
import { useStripeApp } from './support/stripe-test-app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
type Obj = Record<string, any>;

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

// Stripe delivers events late, more than once and in no particular order; what we store follows
// Stripe's current state, whatever the order.
describe.each(testDatabaseKinds())('Stripe events on %s', (kind) => {
  const c = useStripeApp(kind);

  /**
   * A renewal whose card is declined, then paid on a retry: invoice.payment_failed and a
   * customer.subscription.updated to past_due, then invoice.paid and an update back to active.
   */
  async function declinedThenPaid() {
    const { subscriptionId } = await c.subscribe();
    await c.t.db.db.updateTable('subscriptions').set({ documents_used: 7 }).where('stripe_subscription_id', '=', subscriptionId).execute();
    const from = c.stripe.events.length;
    c.stripe.declineCharges = 1;
    const invoice = c.stripe.renew(subscriptionId);
    c.stripe.payInvoice(invoice.id);
    const events = c.stripe.events.slice(from);
    const pick = (type: string, n = 0) => events.filter((e) => e.type === type)[n]!;
    return {
      subscriptionId,
      invoice,
      events: {
        failed: pick('invoice.payment_failed'),
        pastDue: pick('customer.subscription.updated', 0),
        paid: pick('invoice.paid'),
        active: pick('customer.subscription.updated', 1),
      } as Record<string, Obj>,
    };
  }

  const orders = permutations(['failed', 'pastDue', 'paid', 'active']);

  it.each(orders.map((o) => [o.join(' → '), o]))('ends active and paid whatever the order: %s, each delivered twice', async (_name, order) => {
    const { subscriptionId, invoice, events } = await declinedThenPaid();
    expect(events.pastDue!.data.object.status).toBe('past_due');
    for (const name of order as string[]) {
      expect((await c.deliver(events[name]!)).statusCode).toBe(200);
    }
    for (const name of [...(order as string[])].reverse()) {
      expect((await c.deliver(events[name]!)).body.result).toBe('replayed');
    }
    const row = await c.subscriptionRow(subscriptionId);
    const periodEnd = c.stripe.objects.get(subscriptionId)!.items.data[0].current_period_end;
    expect(row).toMatchObject({ status: 'active', documents_used: 0 });
    expect(row.end_date?.getTime()).toBe(periodEnd * 1000);
    const tx = await c.t.db.db.selectFrom('transactions').select(['status', 'stripe_payment_intent_id', 'stripe_charge_id']).where('stripe_invoice_id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(tx.status).toBe('succeeded');
    expect(tx.stripe_charge_id).toBe(c.stripe.objects.get(tx.stripe_payment_intent_id!)!.latest_charge);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'active', canCreateProject: true });
  });

  it('starts a renewed period of use once, however often its payment is reported', async () => {
    const { subscriptionId, events } = await declinedThenPaid();
    await c.deliver(events.paid!);
    expect((await c.subscriptionRow(subscriptionId)).documents_used).toBe(0);
    await c.t.db.db.updateTable('subscriptions').set({ documents_used: 3 }).where('stripe_subscription_id', '=', subscriptionId).execute();
    // A second invoice.paid for the same invoice (another event id, as a resend from the Dashboard makes).
    const resent = { ...events.paid!, id: `${events.paid!.id}_resent` };
    await c.deliver(resent);
    await c.deliver(events.failed!);
    expect(await c.subscriptionRow(subscriptionId)).toMatchObject({ status: 'active', documents_used: 3 });
  });

  it('follows a cancellation and its undoing in the order Stripe made them, not the order they arrive', async () => {
    const { subscriptionId } = await c.subscribe();
    const from = c.stripe.events.length;
    c.stripe.dashboardUpdate(subscriptionId, { cancel_at_period_end: 'true' });
    c.stripe.dashboardUpdate(subscriptionId, { cancel_at_period_end: 'false' });
    const [cancelled, resumed] = c.stripe.events.slice(from);
    await c.deliver(resumed!);
    await c.deliver(cancelled!);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('applies concurrent events about one subscription in the order of their reads, even when the older read is slower', async () => {
    const { subscriptionId } = await c.subscribe();
    const from = c.stripe.events.length;
    c.stripe.dashboardUpdate(subscriptionId, { cancel_at_period_end: 'true' });
    const [cancelled] = c.stripe.events.slice(from);
    // The first delivery reads the subscription while it is set to cancel, and the answer is slow to come back.
    const readPath = new RegExp(`^/v1/subscriptions/${subscriptionId}$`);
    const readsBefore = c.stripe.requestsTo('GET', readPath).length;
    c.stripe.slowNext = { method: 'GET', path: readPath, ms: 500 };
    const first = c.deliver(cancelled!);
    while (c.stripe.requestsTo('GET', readPath).length === readsBefore) await new Promise((r) => setTimeout(r, 5));
    // Meanwhile the customer resumes; that event arrives and is read at once.
    c.stripe.dashboardUpdate(subscriptionId, { cancel_at_period_end: 'false' });
    const second = c.deliver(c.stripe.events.at(-1)!);
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(c.stripe.objects.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('takes the new period from the subscription item after a mid-cycle plan change (proration lines come first)', async () => {
    const { subscriptionId } = await c.subscribe(c.plans.starterMonthly);
    const row = await c.subscriptionRow(subscriptionId);
    c.stripe.now += 10 * 86_400;
    await adjustSubscription(c.t.app.core, c.admin, { subscriptionId: row.id, adjustment: { type: 'change_plan', newPlanId: c.plans.proMonthly, proration: 'create_prorations' }, reason: 'Upgrade' });
    const from = c.stripe.events.length;
    const renewal = c.stripe.renew(subscriptionId);
    expect(renewal.lines.data[0].parent.subscription_item_details.proration).toBe(true);
    expect(renewal.lines.data[0].period.end * 1000).toBe(row.end_date!.getTime());
    // Only the invoice is delivered: no subscription update comes to the rescue.
    await c.deliver(c.stripe.events.slice(from).find((e) => e.type === 'invoice.paid')!);
    const after = await c.subscriptionRow(subscriptionId);
    const item = c.stripe.objects.get(subscriptionId)!.items.data[0];
    expect(after.end_date!.getTime()).toBe(item.current_period_end * 1000);
    expect(after.end_date!.getTime()).toBeGreaterThan(row.end_date!.getTime());
    expect(after.start_date.getTime()).toBe(item.current_period_start * 1000);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ status: 'active', planName: 'Pro' });
  });

  it('activates a plan paid by a delayed method only when the payment clears', async () => {
    const from = c.stripe.events.length;
    const { sessionId, subscriptionId } = await c.buy(c.plans.proMonthly, { delayed: true });
    const completed = c.stripe.lastEvent('checkout.session.completed');
    expect(completed.data.object.payment_status).toBe('unpaid');
    await c.deliverFrom(from);
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ isFreeUser: true });
    // The customer back from Checkout is told the payment is processing, not that it failed, nor that the plan is active.
    expect((await c.api('GET', `/api/stripe/confirm?session_id=${sessionId}`)).json()).toMatchObject({ ok: true, processing: true, error: null, planName: 'Free' });
    const later = c.stripe.events.length;
    c.stripe.settleDelayedPayment(sessionId, true);
    await c.deliverFrom(later);
    const confirmed = (await c.api('GET', `/api/stripe/confirm?session_id=${sessionId}`)).json();
    expect(confirmed).toMatchObject({ ok: true, planName: 'Pro', error: null });
    expect(confirmed.processing).toBeUndefined();
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ planName: 'Pro', status: 'active', isFreeUser: false });
    expect(await c.subscriptionRow(subscriptionId)).toMatchObject({ status: 'active' });
    const tx = await c.t.db.db.selectFrom('transactions').select(['status', 'subscription_id', 'stripe_payment_intent_id']).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ status: 'succeeded', subscription_id: (await c.subscriptionRow(subscriptionId)).id, stripe_payment_intent_id: expect.stringMatching(/^pi_/) });
  });

  it('keeps the customer where they were when a delayed payment fails', async () => {
    const { sessionId } = await c.buy(c.plans.proMonthly, { delayed: true });
    const from = c.stripe.events.length - 1;
    c.stripe.settleDelayedPayment(sessionId, false);
    const failed = c.stripe.lastEvent('checkout.session.async_payment_failed');
    await c.deliverFrom(from);
    expect(c.stripe.events.slice(from).map((e) => e.type)).toContain('checkout.session.async_payment_failed');
    expect((await c.deliver(failed)).body.result).toBe('replayed');
    expect((await c.api('GET', '/api/subscription/current')).json()).toMatchObject({ isFreeUser: true });
    expect(await c.t.db.db.selectFrom('checkout_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).toEqual({ status: 'expired' });
    expect((await c.api('GET', `/api/stripe/confirm?session_id=${sessionId}`)).json()).toMatchObject({ ok: false, error: 'The payment did not go through. Your plan has not changed.' });
  });

  it("acknowledges and ignores what isn't ours: another environment's checkout, invoice and subscription", async () => {
    const foreignSession = build('checkout.session', {
      id: 'cs_test_other_environment', mode: 'subscription', status: 'complete', payment_status: 'paid', customer: 'cus_other', subscription: null,
      client_reference_id: '00000000-0000-4000-8000-000000000001', metadata: { userId: '00000000-0000-4000-8000-000000000001', planId: c.plans.proMonthly },
    });
    const answer = await c.deliver(build('event', { id: 'evt_foreign_1', type: 'checkout.session.completed', created: c.stripe.now, data: { object: foreignSession }, request: { id: null, idempotency_key: null } }));
    expect(answer).toEqual({ statusCode: 200, body: { received: true, result: 'ignored' } });
    const foreignInvoice = build('invoice', { id: 'in_other', customer: 'cus_other', status: 'paid', parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: null, subscription: 'sub_other' } } });
    for (const [id, type, object] of [
      ['evt_foreign_2', 'invoice.paid', foreignInvoice],
      ['evt_foreign_3', 'invoice.payment_failed', foreignInvoice],
      ['evt_foreign_4', 'customer.subscription.updated', build('subscription', { id: 'sub_other', customer: 'cus_other' })],
      ['evt_foreign_5', 'customer.subscription.deleted', build('subscription', { id: 'sub_other', customer: 'cus_other', status: 'canceled' })],
      ['evt_foreign_6', 'charge.refunded', build('charge', { id: 'ch_other', payment_intent: 'pi_other', amount_refunded: 100 })],
    ] as const) {
      const res = await c.deliver(build('event', { id, type, created: c.stripe.now, data: { object }, request: { id: null, idempotency_key: null } }));
      expect(res, type).toEqual({ statusCode: 200, body: { received: true, result: 'ignored' } });
    }
    expect(await c.t.db.db.selectFrom('transactions').select('id').execute()).toEqual([]);
    expect(await c.t.db.db.selectFrom('subscriptions').select('id').where('stripe_subscription_id', 'is not', null).execute()).toEqual([]);
  });
});
