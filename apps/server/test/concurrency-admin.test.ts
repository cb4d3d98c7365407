import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp, listenOnLoopback } from './test-app.ts';

const PARALLEL = 25;

// Back-office money paths called in parallel over real sockets, as several operators (or a
// double-clicking one) would: limits stay exact and no refund is made without being recorded.
describe.each(testDatabaseKinds())('parallel back-office billing writes on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    admin = await adminAs(t, 'admin', 'billing-admin@example.com');
  });

  async function payingCustomer(email: string) {
    const cookie = await devSignIn(t.app, email, 'Pat Payer');
    const plan = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const open = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie }, payload: { planId: plan.id } });
    const paid = await t.app.inject({ method: 'POST', url: `/billing/local-checkout/${open.json().sessionId}/pay`, headers: { cookie } });
    expect(paid.statusCode).toBe(303);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const sub = await t.db.db.selectFrom('subscriptions').select(['id', 'end_date', 'bonus_credits']).where('user_id', '=', user.id).where('plan_id', '=', plan.id).executeTakeFirstOrThrow();
    const tx = await t.db.db.selectFrom('transactions').select(['id', 'amount_cents']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return { subscriptionId: sub.id, endDate: sub.end_date!, bonusCredits: sub.bonus_credits, transactionId: tx.id, amountCents: tx.amount_cents };
  }

  /** The same admin call PARALLEL times at once, each on its own connection. */
  function parallel(path: string, body: (i: number) => object) {
    return Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(body(i)),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })),
      ),
    );
  }

  it('refunds never add up to more than the payment, and every refund made is recorded', async () => {
    const c = await payingCustomer('refunds@example.com');
    expect(c.amountCents).toBe(4900);
    // 25 refunds of 10.00 on a 49.00 payment: exactly four fit.
    const answers = await parallel(`/api/admin/subscriptions/${c.subscriptionId}/refund`, () => ({ transactionId: c.transactionId, amount: 10, reason: 'Parallel' }));
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(4);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^The refund cannot exceed what remains to refund \((9|19|29|39|49)\.00 USD\)\.$/);
    }
    const tx = await t.db.db.selectFrom('transactions').select(['refunded_cents', 'status']).where('id', '=', c.transactionId).executeTakeFirstOrThrow();
    expect(tx).toEqual({ refunded_cents: 4000, status: 'partially_refunded' });
    const refunds = await t.db.db.selectFrom('refunds').select(['amount_cents', 'status', 'stripe_refund_id']).where('transaction_id', '=', c.transactionId).execute();
    expect(refunds).toHaveLength(4);
    expect(refunds.every((r) => r.status === 'succeeded' && r.amount_cents === 1000 && r.stripe_refund_id)).toBe(true);
    expect(new Set(refunds.map((r) => r.stripe_refund_id)).size).toBe(4);
    const audits = await t.db.db.selectFrom('audit_logs').select('outcome').where('action', '=', 'subscription_refund').execute();
    // Each refund made is audited once; each refused one once as 'failed' (issue 21).
    expect(audits.filter((a) => a.outcome === 'succeeded')).toHaveLength(4);
    expect(audits.filter((a) => a.outcome === 'failed')).toHaveLength(answers.length - 4);
  });

  it('parallel extensions and credit grants each count, none lost', async () => {
    const c = await payingCustomer('adjust@example.com');
    const extended = await parallel(`/api/admin/subscriptions/${c.subscriptionId}/adjust`, () => ({ type: 'extend', payload: { days: 1 }, reason: 'Parallel' }));
    expect(extended.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    const credits = await parallel(`/api/admin/subscriptions/${c.subscriptionId}/adjust`, (i) => ({ type: 'add_credits', payload: { credits: i + 1, unit: 'videos' }, reason: 'Parallel' }));
    expect(credits.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    const sub = await t.db.db.selectFrom('subscriptions').select(['end_date', 'bonus_credits']).where('id', '=', c.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.end_date!.getTime() - c.endDate.getTime()).toBe(PARALLEL * 24 * 3600_000);
    expect(sub.bonus_credits - c.bonusCredits).toBe((PARALLEL * (PARALLEL + 1)) / 2);
    const adjustments = await t.db.db.selectFrom('subscription_adjustments').select('id').where('subscription_id', '=', c.subscriptionId).execute();
    expect(adjustments).toHaveLength(2 * PARALLEL);
  });
});
