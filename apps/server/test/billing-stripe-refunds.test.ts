import { refundTransaction } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { describe, expect, it } from 'vitest';
import { useStripeApp } from './support/stripe-test-app.ts';

// Refunds of subscription payments: since API version 2025-03-31.basil an invoice names neither its
// PaymentIntent nor its charge, so invoice.paid must read them back for a refund to find its payment.
describe.each(testDatabaseKinds())('Stripe refunds on %s', (kind) => {
  const c = useStripeApp(kind);
  const transactions = () =>
    c.t.db.db.selectFrom('transactions').select(['id', 'subscription_id', 'stripe_invoice_id', 'stripe_payment_intent_id', 'stripe_charge_id', 'refunded_cents', 'status', 'amount_cents']).orderBy('transaction_date').execute();

  it('refunds part, then the rest, of a subscription payment; never more than what remains; the webhook agrees', async () => {
    await c.subscribe();
    const [tx] = await transactions();
    const paidIntent = [...c.stripe.objects.values()].find((o) => o.object === 'payment_intent' && o.status === 'succeeded')!;
    expect(tx).toMatchObject({ stripe_payment_intent_id: paidIntent.id, stripe_charge_id: paidIntent.latest_charge, status: 'succeeded' });
    const deps = c.t.app.core;
    const subscriptionId = tx!.subscription_id!;
    const from = c.stripe.events.length;
    const partial = await refundTransaction(deps, c.admin, { subscriptionId, transactionId: tx!.id, amountCents: 1900, reason: 'Partial goodwill' });
    expect(partial).toMatchObject({ refundedCents: 1900, remainingCents: 3000, status: 'partially_refunded' });
    const [first] = c.stripe.requestsTo('POST', '/v1/refunds');
    expect(first?.body).toMatchObject({ payment_intent: paidIntent.id, amount: '1900' });
    expect(first?.headers['idempotency-key']).toMatch(/^refund-/);
    await expect(refundTransaction(deps, c.admin, { subscriptionId, transactionId: tx!.id, amountCents: 3001, reason: null })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(c.stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(1);
    const rest = await refundTransaction(deps, c.admin, { subscriptionId, transactionId: tx!.id, amountCents: 3000, reason: null });
    expect(rest).toMatchObject({ remainingCents: 0, status: 'refunded' });
    await expect(refundTransaction(deps, c.admin, { subscriptionId, transactionId: tx!.id, amountCents: 1, reason: null })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(c.stripe.objects.get(paidIntent.latest_charge)).toMatchObject({ amount_refunded: 4900, refunded: true });
    // Stripe's own charge.refunded events for the same money, delivered (twice) afterwards, change nothing.
    await c.deliverFrom(from);
    await c.deliverFrom(from);
    const [after] = await transactions();
    expect(after).toMatchObject({ refunded_cents: 4900, status: 'refunded' });
    expect(await c.t.db.db.selectFrom('refunds').select(['amount_cents', 'status']).orderBy('created_at').execute()).toEqual([
      { amount_cents: 1900, status: 'succeeded' },
      { amount_cents: 3000, status: 'succeeded' },
    ]);
    expect(await c.t.db.db.selectFrom('audit_logs').select('action').where('action', '=', 'subscription_refund').execute()).toHaveLength(2);
  });

  it('refunds a renewal payment through its own PaymentIntent', async () => {
    const { subscriptionId } = await c.subscribe();
    const from = c.stripe.events.length;
    const renewal = c.stripe.renew(subscriptionId);
    await c.deliverFrom(from);
    const rows = await transactions();
    expect(rows).toHaveLength(2);
    const renewed = rows.find((r) => r.stripe_invoice_id === renewal.id)!;
    expect(renewed.stripe_payment_intent_id).not.toBe(rows[0]!.stripe_payment_intent_id);
    const done = await refundTransaction(c.t.app.core, c.admin, { subscriptionId: renewed.subscription_id!, transactionId: renewed.id, amountCents: 4900, reason: null });
    expect(done.status).toBe('refunded');
    expect(c.stripe.objects.get(renewed.stripe_charge_id!)).toMatchObject({ amount_refunded: 4900 });
    expect(c.stripe.objects.get(rows[0]!.stripe_charge_id!)).toMatchObject({ amount_refunded: 0 });
  });

  it('records a refund made in the Stripe Dashboard from charge.refunded', async () => {
    await c.subscribe();
    const [tx] = await transactions();
    const from = c.stripe.events.length;
    c.stripe.dashboardRefund(tx!.stripe_charge_id!, 1000);
    await c.deliverFrom(from);
    expect((await transactions())[0]).toMatchObject({ refunded_cents: 1000, status: 'partially_refunded' });
    expect(await c.t.db.db.selectFrom('refunds').select(['amount_cents', 'status']).execute()).toEqual([{ amount_cents: 1000, status: 'succeeded' }]);
    const shown = (await c.api('GET', '/api/transactions')).json();
    // A partly refunded payment answers as succeeded with what came back (issue 18).
    expect(shown[0]).toMatchObject({ paymentStatus: 'succeeded', refundedAmount: 10 });
  });

  it('gives a failed refund back to the payment (refund.failed)', async () => {
    await c.subscribe();
    const [tx] = await transactions();
    c.stripe.refundsPending = true;
    const from = c.stripe.events.length;
    const pending = await refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 2000, reason: null });
    expect(await c.t.db.db.selectFrom('refunds').select(['status', 'stripe_refund_id']).executeTakeFirstOrThrow()).toEqual({ status: 'pending', stripe_refund_id: pending.refundId });
    c.stripe.settleRefund(pending.refundId, false);
    await c.deliverFrom(from);
    await c.deliver(c.stripe.lastEvent('refund.failed'));
    expect((await transactions())[0]).toMatchObject({ refunded_cents: 0, status: 'succeeded' });
    expect(await c.t.db.db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).toEqual({ status: 'failed' });
    // The money is refundable again.
    c.stripe.refundsPending = false;
    const again = await refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 4900, reason: null });
    expect(again.status).toBe('refunded');
  });

  it("finds its refund when Stripe's events outrun the back-office call (refund.updated before the answer)", async () => {
    await c.subscribe();
    const [tx] = await transactions();
    c.stripe.refundsPending = true;
    const from = c.stripe.events.length;
    // Stripe makes the refund, but its answer to us is slow; the refund settles and its events arrive first.
    c.stripe.slowNext = { method: 'POST', path: /^\/v1\/refunds$/, ms: 600 };
    const call = refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 4900, reason: 'Outrun' });
    while (c.stripe.requestsTo('POST', '/v1/refunds').length === 0) await new Promise((r) => setTimeout(r, 5));
    const made = c.stripe.lastEvent('refund.created').data.object;
    expect(made.metadata).toMatchObject({ note: 'Outrun' });
    c.stripe.settleRefund(made.id, true);
    await c.deliverFrom(from);
    expect(await c.t.db.db.selectFrom('refunds').select(['status', 'stripe_refund_id']).execute()).toEqual([{ status: 'succeeded', stripe_refund_id: made.id }]);
    const answer = await call;
    expect(answer).toMatchObject({ refundId: made.id, status: 'refunded' });
    // The call's own answer ('pending', older than the events) does not undo what the events recorded.
    expect(await c.t.db.db.selectFrom('refunds').select(['status', 'stripe_refund_id']).execute()).toEqual([{ status: 'succeeded', stripe_refund_id: made.id }]);
    expect((await c.api('GET', '/api/transactions')).json()[0]).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 49 });
  });

  it('never counts a failed refund again when charge.refunded arrives after refund.failed', async () => {
    await c.subscribe();
    const [tx] = await transactions();
    c.stripe.refundsPending = true;
    const from = c.stripe.events.length;
    const pending = await refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 2000, reason: null });
    c.stripe.settleRefund(pending.refundId, false);
    const events = c.stripe.events.slice(from);
    // Newest first: the failure, then the charge.refunded sent when the refund was made (amount_refunded 2000), each twice.
    for (const event of [...events].reverse()) expect((await c.deliver(event)).statusCode).toBe(200);
    for (const event of [...events].reverse()) await c.deliver({ ...event, id: `${event.id}_again` });
    expect((await transactions())[0]).toMatchObject({ refunded_cents: 0, status: 'succeeded' });
    expect(await c.t.db.db.selectFrom('refunds').select(['status', 'amount_cents']).execute()).toEqual([{ status: 'failed', amount_cents: 2000 }]);
  });

  it('shows a pending refund to the customer only once it settles (refund.updated)', async () => {
    await c.subscribe();
    const [tx] = await transactions();
    c.stripe.refundsPending = true;
    const from = c.stripe.events.length;
    const pending = await refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 4900, reason: null });
    await c.deliverFrom(from);
    // Reserved against a second refund, but not yet money back for the customer.
    await expect(refundTransaction(c.t.app.core, c.admin, { subscriptionId: tx!.subscription_id!, transactionId: tx!.id, amountCents: 1, reason: null })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await c.api('GET', '/api/transactions')).json()[0]).toMatchObject({ paymentStatus: 'succeeded', refundedAmount: 0 });
    const settled = c.stripe.events.length;
    c.stripe.settleRefund(pending.refundId, true);
    await c.deliverFrom(settled);
    expect(await c.t.db.db.selectFrom('refunds').select('status').executeTakeFirstOrThrow()).toEqual({ status: 'succeeded' });
    expect((await c.api('GET', '/api/transactions')).json()[0]).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 49 });
  });
});
