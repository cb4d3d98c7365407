import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAs, type TestAdmin } from './support/admin-as.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Back-office subscriptions over the local payment provider (the Stripe path of the same services
// is covered in billing-stripe.test.ts).
describe.each(testDatabaseKinds())('admin subscriptions on %s', (kind) => {
  let t: TestApp;
  let admin: TestAdmin;
  let plans: { id: string; code: string }[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    admin = await adminAs(t, 'admin', 'billing-admin@example.com');
    plans = await t.db.db.selectFrom('plans').select(['id', 'code']).execute();
  });
  const planId = (code: string) => plans.find((p) => p.code === code)!.id;

  /** A customer who bought the plan through the local checkout. */
  async function payingCustomer(email: string, name: string, plan: string) {
    const cookie = await devSignIn(t.app, email, name);
    const open = await t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers: { cookie }, payload: { planId: planId(plan) } });
    const paid = await t.app.inject({ method: 'POST', url: `/billing/local-checkout/${open.json().sessionId}/pay`, headers: { cookie } });
    expect(paid.statusCode).toBe(303);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const sub = await t.db.db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select(['s.id', 's.end_date'])
      .where('s.user_id', '=', user.id)
      .where('p.code', '=', plan)
      .executeTakeFirstOrThrow();
    const tx = await t.db.db.selectFrom('transactions').select(['id', 'amount_cents']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return { cookie, userId: user.id, subscriptionId: sub.id, endDate: sub.end_date!, transactionId: tx.id };
  }

  it('shows the cards and the paid plans, and lists paid subscriptions with search, filters and monthly prices', async () => {
    await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    await payingCustomer('grace@example.com', 'Grace Hopper', 'starter-yearly');
    await devSignIn(t.app, 'free@example.com', 'Free Rider');

    const overview = (await admin.call('GET', '/api/admin/subscriptions/overview?timestamp=1')).json();
    expect(overview).toMatchObject({ totalRevenue: 49 + 182.4, activeSubscriptions: 2, totalSubscriptions: 2 });
    expect(overview.plans.map((p: { planName: string; period: string }) => `${p.planName} ${p.period}`)).toEqual(
      expect.arrayContaining(['Starter monthly', 'Starter yearly', 'Pro monthly', 'Pro yearly', 'Business monthly', 'Business yearly']),
    );
    expect(overview.plans).toHaveLength(6);
    // Every answer prices per month and names the charge: Pro yearly is $470.40 a year, $39.20 a month.
    expect(overview.plans.find((p: { planId: string }) => p.planId === planId('pro-yearly'))).toMatchObject({ price: 39.2, billedPrice: 470.4, period: 'yearly' });

    const all = (await admin.call('GET', '/api/admin/subscriptions?page=1&pageSize=20&status=&planId=')).json();
    expect(all).toMatchObject({ total: 2, totalPages: 1 });
    const grace = all.data.find((s: { user: { email: string } }) => s.user.email === 'grace@example.com');
    // A yearly plan is priced per month (the screen shows it × 12 per year).
    expect(grace).toMatchObject({ user: { firstName: 'Grace', lastName: 'Hopper' }, plan: { name: 'Starter', planType: 'yearly', price: 15.2, billedPrice: 182.4 }, status: 'active' });
    expect(new Date(grace.endDate).getTime()).toBeGreaterThan(Date.now());
    // One price per plan in every answer, customer and admin: the pricing list, the plan read, the
    // overview's plan table, the subscription row and the user's subscription detail.
    const starterYearly = { price: 15.2, billedPrice: 182.4 };
    const listed = (await t.app.inject({ method: 'GET', url: '/api/plans?type=yearly' })).json().find((p: { id: string }) => p.id === planId('starter-yearly'));
    expect(listed).toMatchObject(starterYearly);
    expect((await t.app.inject({ method: 'GET', url: `/api/plans/${planId('starter-yearly')}` })).json()).toMatchObject(starterYearly);
    expect(overview.plans.find((p: { planId: string }) => p.planId === planId('starter-yearly'))).toMatchObject(starterYearly);
    const detail = (await admin.call('GET', `/api/admin/users/${grace.userId}/subscription`)).json();
    expect(detail.currentSubscription.plan).toMatchObject(starterYearly);

    const byName = (await admin.call('GET', '/api/admin/subscriptions?search=lovelace')).json();
    expect(byName.data.map((s: { user: { email: string } }) => s.user.email)).toEqual(['ada@example.com']);
    const byFullName = (await admin.call('GET', '/api/admin/subscriptions?search=Ada%20Lov')).json();
    expect(byFullName.total).toBe(1);
    const byPlan = (await admin.call('GET', `/api/admin/subscriptions?planId=${planId('starter-yearly')}`)).json();
    expect(byPlan.data.map((s: { user: { email: string } }) => s.user.email)).toEqual(['grace@example.com']);
    expect((await admin.call('GET', '/api/admin/subscriptions?status=canceled')).json().total).toBe(0);
    expect((await admin.call('GET', '/api/admin/subscriptions?status=bogus')).statusCode).toBe(400);
    const paged = (await admin.call('GET', '/api/admin/subscriptions?pageSize=1&page=2')).json();
    expect(paged).toMatchObject({ total: 2, totalPages: 2, page: 2, limit: 1, hasNextPage: false, hasPrevPage: true });
    expect(paged.data).toHaveLength(1);
    // limit, the page size's name on every list, reads the same; it wins over the spec's pageSize.
    const first = (await admin.call('GET', '/api/admin/subscriptions?limit=1&pageSize=20&page=1')).json();
    expect(first).toMatchObject({ total: 2, totalPages: 2, page: 1, limit: 1, hasNextPage: true, hasPrevPage: false });
    expect(first.data.map((s: { id: string }) => s.id)).not.toContain(paged.data[0].id);
    expect((await admin.call('GET', '/api/admin/subscriptions?limit=101')).statusCode).toBe(400);
  });

  it("shows a customer's subscription, payments and adjustments", async () => {
    const c = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    await admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/adjust`, { type: 'add_credits', payload: { credits: 3, unit: 'videos' }, reason: 'Goodwill' });
    const detail = (await admin.call('GET', `/api/admin/users/${c.userId}/subscription`)).json();
    expect(detail.currentSubscription).toMatchObject({ id: c.subscriptionId, plan: { name: 'Pro', planType: 'monthly', price: 49 }, bonusCredits: 3 });
    expect(detail.transactions).toEqual([
      expect.objectContaining({ id: c.transactionId, amount: 49, currency: 'USD', status: 'succeeded', subscriptionId: c.subscriptionId }),
    ]);
    expect(detail.adjustments).toEqual([expect.objectContaining({ type: 'add_credits', reason: 'Goodwill', createdBy: { email: 'billing-admin@example.com' } })]);
  });

  it("answers the status 'cancelled' and filters by either spelling, 'cancelled' or the spec filter's 'canceled', on REST and tRPC (issue 18)", async () => {
    const ada = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    await payingCustomer('grace@example.com', 'Grace Hopper', 'starter-monthly');
    const cancel = await t.app.inject({ method: 'POST', url: '/api/subscription/cancel', headers: { cookie: ada.cookie }, payload: {} });
    expect(cancel.statusCode).toBe(200);
    for (const status of ['cancelled', 'canceled']) {
      const res = await admin.call('GET', `/api/admin/subscriptions?status=${status}&page=1&pageSize=20&timestamp=1`);
      expect(res.statusCode, status).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 1, totalPages: 1 });
      expect(body.data.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[ada.subscriptionId, 'cancelled']]);
      const trpc = await admin.call('GET', `/trpc/admin.subscriptions.list?input=${encodeURIComponent(JSON.stringify({ json: { status } }))}`);
      expect(trpc.statusCode, status).toBe(200);
      expect(trpc.json().result.data.json.data.map((s: { status: string }) => s.status)).toEqual(['cancelled']);
    }
    const active = (await admin.call('GET', '/api/admin/subscriptions?status=active')).json();
    expect(active.data.map((s: { user: { email: string } }) => s.user.email)).toEqual(['grace@example.com']);
  });

  it("answers the Free plan's billing interval 'monthly' on /api/plans, the plan read, tRPC and the admin user detail alike (issue 18)", async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/plans?type=monthly' })).json();
    expect(listed.find((p: { code: string }) => p.code === 'free')).toMatchObject({ name: 'Free', price: 0, billingInterval: 'monthly' });
    expect((await t.app.inject({ method: 'GET', url: `/api/plans/${planId('free')}` })).json()).toMatchObject({ price: 0, billingInterval: 'monthly' });
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/billing.plans.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}` });
    expect(trpc.json().result.data.json.find((p: { code: string }) => p.code === 'free').billingInterval).toBe('monthly');
    await devSignIn(t.app, 'free@example.com', 'Free Rider');
    const free = await t.db.db.selectFrom('users').select('id').where('email', '=', 'free@example.com').executeTakeFirstOrThrow();
    const detail = (await admin.call('GET', `/api/admin/users/${free.id}/subscription`)).json();
    expect(detail.currentSubscription.plan).toMatchObject({ name: 'Free', planType: 'monthly', price: 0 });
  });

  it('answers an unknown or malformed user 404 "User not found" on subscription and projects, REST and tRPC; a known user without one gets nulls (issue 18)', async () => {
    const notFound = { error: 'User not found', message: 'User not found', code: 'NOT_FOUND', reason: 'not_found' };
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const leaf of ['subscription', 'projects']) {
        const res = await admin.call('GET', `/api/admin/users/${userId}/${leaf}`);
        expect(res.statusCode, `${userId} ${leaf}`).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      for (const path of ['admin.subscriptions.forUser', 'admin.users.projects']) {
        const res = await admin.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: { userId } }))}`);
        expect(res.statusCode, `${userId} ${path}`).toBe(404);
        expect(res.json().error.json).toMatchObject({ message: 'User not found', data: { code: 'NOT_FOUND', reason: 'not_found' } });
      }
    }
    await devSignIn(t.app, 'free@example.com', 'Free Rider');
    const free = await t.db.db.selectFrom('users').select('id').where('email', '=', 'free@example.com').executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('subscriptions').where('user_id', '=', free.id).execute();
    const none = await admin.call('GET', `/api/admin/users/${free.id}/subscription`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ currentSubscription: null, transactions: [], adjustments: [] });
  });

  it('refunds part of a payment, then the rest; beyond what is left is refused; each refund is audited', async () => {
    const c = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    const refund = (amount: unknown, reason?: string) =>
      admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/refund`, { transactionId: c.transactionId, amount, ...(reason ? { reason } : {}) });

    const part = await refund(10.5, 'Partial goodwill');
    expect(part.statusCode).toBe(200);
    // A partly refunded payment is still a succeeded one to every client, and what remains can be refunded (issue 18).
    expect(part.json()).toMatchObject({ refundedAmount: 10.5, remainingAmount: 38.5, status: 'succeeded' });
    const detail = (await admin.call('GET', `/api/admin/users/${c.userId}/subscription`)).json();
    expect(detail.transactions).toEqual([expect.objectContaining({ id: c.transactionId, amount: 49, refundedAmount: 10.5, status: 'succeeded' })]);
    const viaTrpc = await admin.call('GET', `/trpc/admin.subscriptions.forUser?input=${encodeURIComponent(JSON.stringify({ json: { userId: c.userId } }))}`);
    expect(viaTrpc.json().result.data.json.transactions[0]).toMatchObject({ refundedAmount: 10.5, status: 'succeeded' });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: c.cookie } })).json();
    expect(mine[0]).toMatchObject({ amount: 49, paymentStatus: 'succeeded', refundedAmount: 10.5 });

    const tooMuch = await refund(38.51);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('The refund cannot exceed what remains to refund (38.50 USD).');
    expect((await refund(0)).statusCode).toBe(400);
    expect((await refund(1.234)).json().error).toContain('at most two decimals');

    expect((await refund(38.5)).json()).toMatchObject({ remainingAmount: 0, status: 'refunded' });
    const twice = await refund(1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Only a succeeded payment can be refunded.');

    const tx = await t.db.db.selectFrom('transactions').select(['refunded_cents', 'status']).where('id', '=', c.transactionId).executeTakeFirstOrThrow();
    expect(tx).toEqual({ refunded_cents: 4900, status: 'refunded' });
    const refunds = await t.db.db.selectFrom('refunds').select(['amount_cents', 'reason', 'created_by_admin_id']).orderBy('created_at').execute();
    expect(refunds).toEqual([
      { amount_cents: 1050, reason: 'Partial goodwill', created_by_admin_id: admin.id },
      { amount_cents: 3850, reason: null, created_by_admin_id: admin.id },
    ]);
    const audits = await t.db.db
      .selectFrom('audit_logs')
      .select(['action', 'admin_email', 'resource_id'])
      .where('action', '=', 'subscription_refund')
      .where('outcome', '=', 'succeeded')
      .execute();
    expect(audits).toEqual([
      { action: 'subscription_refund', admin_email: 'billing-admin@example.com', resource_id: c.transactionId },
      { action: 'subscription_refund', admin_email: 'billing-admin@example.com', resource_id: c.transactionId },
    ]);
    expect((await admin.call('GET', '/api/admin/subscriptions/overview')).json().totalRevenue).toBe(0);
  });

  it("refuses a refund of another subscription's payment and of an unknown payment", async () => {
    const ada = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    const grace = await payingCustomer('grace@example.com', 'Grace Hopper', 'starter-monthly');
    const cross = await admin.call('POST', `/api/admin/subscriptions/${grace.subscriptionId}/refund`, { transactionId: ada.transactionId, amount: 1 });
    expect(cross.statusCode).toBe(404);
    expect(await t.db.db.selectFrom('refunds').select('id').execute()).toEqual([]);
  });

  it('extends a subscription by days, adds video credits and changes the plan; each is stored and audited', async () => {
    const c = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    const adjust = (body: object) => admin.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/adjust`, body);

    const extended = await adjust({ type: 'extend', payload: { days: 10 }, reason: 'Outage compensation' });
    expect(extended.statusCode).toBe(200);
    expect(new Date(extended.json().endDate).getTime()).toBe(c.endDate.getTime() + 10 * 24 * 3600_000);

    const credited = await adjust({ type: 'add_credits', payload: { credits: 5, unit: 'videos' } });
    expect(credited.json().bonusCredits).toBe(5);
    const current = (await t.app.inject({ method: 'GET', url: '/api/subscription/current', headers: { cookie: c.cookie } })).json();
    expect(current.documentLimit).toBe(45);

    const changed = await adjust({ type: 'change_plan', payload: { newPlanId: planId('business-monthly'), proration: 'create_prorations' }, reason: 'Upgrade' });
    expect(changed.json().planId).toBe(planId('business-monthly'));

    expect((await adjust({ type: 'extend', payload: { days: 0 } })).statusCode).toBe(400);
    expect((await adjust({ type: 'add_credits', payload: { credits: 1.5, unit: 'videos' } })).statusCode).toBe(400);
    const long = await adjust({ type: 'extend', payload: { days: 1 }, reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('at most 200 characters');
    expect((await adjust({ type: 'refund_all', payload: {} })).statusCode).toBe(400);

    const rows = await t.db.db.selectFrom('subscription_adjustments').select(['type', 'reason', 'payload']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { type: 'extend', reason: 'Outage compensation', payload: { days: 10 } },
      { type: 'add_credits', reason: null, payload: { credits: 5, unit: 'videos' } },
      { type: 'change_plan', reason: 'Upgrade', payload: { newPlanId: planId('business-monthly'), proration: 'create_prorations' } },
    ]);
    const audits = await t.db.db.selectFrom('audit_logs').select('action').where('action', '=', 'subscription_adjust').where('outcome', '=', 'succeeded').execute();
    expect(audits).toHaveLength(3);
  });

  it('lets support read subscriptions but not refund or adjust, and changes nothing when refused', async () => {
    const c = await payingCustomer('ada@example.com', 'Ada Lovelace', 'pro-monthly');
    const support = await adminAs(t, 'support');
    expect((await support.call('GET', '/api/admin/subscriptions')).statusCode).toBe(200);
    const refund = await support.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/refund`, { transactionId: c.transactionId, amount: 5 });
    expect(refund.statusCode).toBe(403);
    const adjust = await support.call('POST', `/api/admin/subscriptions/${c.subscriptionId}/adjust`, { type: 'extend', payload: { days: 5 } });
    expect(adjust.statusCode).toBe(403);
    expect(await t.db.db.selectFrom('refunds').select('id').execute()).toEqual([]);
    expect(await t.db.db.selectFrom('subscription_adjustments').select('id').execute()).toEqual([]);
    const sub = await t.db.db.selectFrom('subscriptions').select('end_date').where('id', '=', c.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.end_date).toEqual(c.endDate);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions' })).statusCode).toBe(401);
  });
});
