import { refundTooLargeMessage, subscriptionCancelMessages } from '@reelsmith/shared';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { useStripeApp } from './support/stripe-test-app.ts';

// An admin cancels a paid subscription through Stripe (the fake Stripe peer), and a refund that leaves
// nothing of a subscription's payments ends it: a fully refunded subscription is never shown as active.
describe.each(testDatabaseKinds())('admin cancel and full refund on %s', (kind) => {
  const c = useStripeApp(kind);
  let admin: TestAdmin;
  let support: TestAdmin;
  beforeEach(async () => {
    admin = await adminAs(c.t, 'admin', 'main-billing@example.com');
    support = await adminAs(c.t, 'support', 'helpdesk@example.com');
  });

  async function paid() {
    const { subscriptionId: stripeId } = await c.subscribe();
    const row = await c.subscriptionRow(stripeId);
    const tx = await c.t.db.db.selectFrom('transactions').select(['id', 'amount_cents']).where('subscription_id', '=', row.id).executeTakeFirstOrThrow();
    return { stripeId, id: row.id, endDate: row.end_date, transactionId: tx.id };
  }
  const cancel = (who: TestAdmin, id: string, body: object) => who.call('POST', `/api/admin/subscriptions/${id}/cancel`, body);
  const audits = (action: string) =>
    c.t.db.db.selectFrom('audit_logs').select(['admin_email', 'resource_id', 'details']).where('action', '=', action).where('outcome', '=', 'succeeded').orderBy('created_at').execute();
  const listed = async (id: string) => ((await admin.call('GET', '/api/admin/subscriptions')).json().data as { id: string; status: string }[]).find((s) => s.id === id)!.status;

  it('cancels at the end of the paid period through Stripe, audited with customer, plan and reason; then can end it now', async () => {
    const sub = await paid();
    const res = await cancel(admin, sub.id, { when: 'period_end', reason: 'Customer asked by e-mail <b>twice</b>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionId: sub.id, status: 'cancelled', when: 'period_end' });
    expect(new Date(res.json().endDate).getTime()).toBe(sub.endDate!.getTime());
    const [update] = c.stripe.requestsTo('POST', `/v1/subscriptions/${sub.stripeId}`);
    expect(update?.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(c.stripe.requestsTo('DELETE', `/v1/subscriptions/${sub.stripeId}`)).toHaveLength(0);
    expect(await listed(sub.id)).toBe('cancelled');
    const [entry] = await audits('subscription_cancel');
    expect(entry).toMatchObject({ admin_email: 'main-billing@example.com', resource_id: sub.id });
    expect(entry!.details).toMatchObject({ userEmail: 'buyer@example.com', planName: 'Pro', when: 'period_end', cause: 'admin', previousStatus: 'active', reason: 'Customer asked by e-mail <b>twice</b>' });

    // Again at period end: already so. Now: ends at once at Stripe and here.
    const again = await cancel(admin, sub.id, { when: 'period_end' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(subscriptionCancelMessages.alreadyCancelled);
    const now = await cancel(admin, sub.id, { when: 'now', reason: null });
    expect(now.statusCode, now.body).toBe(200);
    expect(c.stripe.requestsTo('DELETE', `/v1/subscriptions/${sub.stripeId}`)).toHaveLength(1);
    const row = await c.subscriptionRow(sub.stripeId);
    expect(row.status).toBe('cancelled');
    expect(row.end_date!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await c.api('GET', '/api/subscription/current')).json()).not.toMatchObject({ status: 'active' });
  });

  it('refuses support, bad input and a Stripe failure, and then changes nothing', async () => {
    const sub = await paid();
    const refused = await cancel(support, sub.id, { when: 'now', reason: 'Not mine to do' });
    expect(refused.statusCode).toBe(403);
    for (const [body, status, words] of [
      [{ when: 'now', reason: 'x'.repeat(10_000) }, 400, subscriptionCancelMessages.reasonTooLong],
      [{ when: 'now', reason: 'bell\u0007' }, 400, 'control characters'],
      [{ when: 'tomorrow' }, 400, 'Choose when the subscription ends'],
    ] as const) {
      const res = await cancel(admin, sub.id, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toContain(words);
    }
    expect((await cancel(admin, '00000000-0000-4000-8000-000000000000', { when: 'now' })).statusCode).toBe(404);
    expect((await cancel(admin, 'not-a-uuid"<script>', { when: 'now' })).statusCode).toBe(400);
    c.stripe.failNext = { path: /^\/v1\/subscriptions\//, status: 500, message: 'Stripe is having a moment', times: 5 };
    const failed = await cancel(admin, sub.id, { when: 'now' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error).toBe(subscriptionCancelMessages.providerFailed);
    expect((await c.subscriptionRow(sub.stripeId)).status).toBe('active');
    expect(await audits('subscription_cancel')).toHaveLength(0);
    // Every attempt failed (the SDK retries twice): Stripe still holds the subscription live.
    expect(c.stripe.requestsTo('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(3);
    expect(c.stripe.objects.get(sub.stripeId)?.status).toBe('active');
  });

  it('two admins cancelling at once make one cancellation', async () => {
    const sub = await paid();
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(admin, sub.id, { when: 'period_end', reason: 'Race' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(c.stripe.requestsTo('POST', `/v1/subscriptions/${sub.stripeId}`).filter((r) => r.body.cancel_at_period_end === 'true')).toHaveLength(1);
    expect(await audits('subscription_cancel')).toHaveLength(1);
  });

  it('a partial refund keeps the subscription; the refund that leaves nothing paid ends it at once', async () => {
    const sub = await paid();
    const refund = (amount: number) => admin.call('POST', `/api/admin/subscriptions/${sub.id}/refund`, { transactionId: sub.transactionId, amount, reason: 'Service outage' });
    expect((await refund(19)).statusCode).toBe(200);
    expect(await listed(sub.id)).toBe('active');
    const tooMuch = await refund(30.01);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe(refundTooLargeMessage(30, 'usd'));
    expect((await refund(30)).json()).toMatchObject({ remainingAmount: 0, status: 'refunded' });
    expect(await listed(sub.id)).toBe('cancelled');
    const detail = (await admin.call('GET', `/api/admin/users/${c.userId}/subscription`)).json();
    expect(detail.currentSubscription.status).toBe('cancelled');
    expect(c.stripe.requestsTo('DELETE', `/v1/subscriptions/${sub.stripeId}`)).toHaveLength(1);
    const [entry] = await audits('subscription_cancel');
    expect(entry!.details).toMatchObject({ cause: 'full_refund', when: 'now', userEmail: 'buyer@example.com', reason: 'Service outage' });
  });

  it('parallel full refunds never exceed the payment and end the subscription once', async () => {
    const sub = await paid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin.call('POST', `/api/admin/subscriptions/${sub.id}/refund`, { transactionId: sub.transactionId, amount: 20 })));
    // 49.00: two refunds of 20.00 fit; the rest are refused with what is left.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect(refused.json().error).toMatch(/^The refund cannot exceed what remains to refund \((9|29)\.00 USD\)\.$/);
    const tx = await c.t.db.db.selectFrom('transactions').select(['refunded_cents']).where('id', '=', sub.transactionId).executeTakeFirstOrThrow();
    expect(tx.refunded_cents).toBe(4000);
    expect(await listed(sub.id)).toBe('active');
    const rest = await Promise.all(Array.from({ length: 4 }, () => admin.call('POST', `/api/admin/subscriptions/${sub.id}/refund`, { transactionId: sub.transactionId, amount: 9 })));
    expect(rest.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await listed(sub.id)).toBe('cancelled');
    expect(await audits('subscription_cancel')).toHaveLength(1);
    expect(c.stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(3);
  });
});
