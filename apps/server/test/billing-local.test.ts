import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// Without Stripe keys the local test checkout drives the same state changes as the webhook path.
describe.each(testDatabaseKinds())('plans and the local test checkout on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let plans: { id: string; code: string }[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'http://127.0.0.1:3999' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.reset();
    cookie = await devSignIn(t.app, 'local@example.com', 'Lou Local');
    plans = await t.db.db.selectFrom('plans').select(['id', 'code']).execute();
  });
  const planId = (code: string) => plans.find((p) => p.code === code)!.id;
  const api = (method: 'GET' | 'POST', url: string, payload?: object, c = cookie) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });

  it('lists the Free plan with the plans of the chosen interval, cheapest first, to anyone', async () => {
    const monthly = (await t.app.inject({ method: 'GET', url: '/api/plans?type=monthly' })).json();
    expect(monthly.map((p: { code: string }) => p.code)).toEqual(['free', 'starter-monthly', 'pro-monthly', 'business-monthly']);
    expect(monthly[2]).toMatchObject({ name: 'Pro', price: 49, currency: 'USD', billingInterval: 'monthly', allowDownload: true, videoLimit: 40 });
    const yearly = (await t.app.inject({ method: 'GET', url: '/api/plans?type=yearly' })).json();
    // The same figures as the back-office answers: price per month, billedPrice per charge.
    expect(yearly.find((p: { name: string }) => p.name === 'Pro')).toMatchObject({ price: 39.2, billedPrice: 470.4, billingInterval: 'yearly' });
    expect((await t.app.inject({ method: 'GET', url: '/api/plans?type=weekly' })).statusCode).toBe(400);
    const one = await t.app.inject({ method: 'GET', url: `/api/plans/${planId('free')}` });
    expect(one.json()).toMatchObject({ name: 'Free', price: 0, videoLimit: 1, maxReelSeconds: 20, allowedQualities: ['standard'], watermark: true, allowDownload: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/plans/not-a-plan' })).statusCode).toBe(404);
  });

  it('starts a new customer on Free: one lifetime video, 20 s, standard quality, watermark, no downloads', async () => {
    const current = (await api('GET', '/api/subscription/current')).json();
    expect(current).toMatchObject({
      planName: 'Free',
      isFreeUser: true,
      status: 'active',
      endDate: null,
      documentLimit: 1,
      documentsUsed: 0,
      allowDownload: false,
      maxReelSeconds: 20,
      allowedQualities: ['standard'],
      watermark: true,
      canCreateProject: true,
      createBlockedReason: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/current' })).statusCode).toBe(401);
  });

  it('buys a plan through the local checkout page and confirms it', async () => {
    const open = await api('POST', '/api/stripe/create-checkout-session', { planId: planId('pro-monthly'), quantity: 1 });
    expect(open.statusCode).toBe(200);
    const { url, sessionId } = open.json();
    expect(url).toBe(`http://127.0.0.1:3999/billing/local-checkout/${sessionId}`);
    const page = await api('GET', `/billing/local-checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode — no real payment.');
    expect(page.body).toContain('$49.00');
    const other = await devSignIn(t.app, 'intruder@example.com');
    expect((await api('POST', `/billing/local-checkout/${sessionId}/pay`, undefined, other)).statusCode).toBe(404);
    const paid = await api('POST', `/billing/local-checkout/${sessionId}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-result?status=success&session_id=${sessionId}&planId=${planId('pro-monthly')}`);
    const confirm = await api('GET', `/api/stripe/confirm?session_id=${sessionId}&planId=${planId('pro-monthly')}`);
    expect(confirm.json()).toMatchObject({ ok: true, planName: 'Pro', documentLimit: 40, documentsUsed: 0 });
    const start = new Date(confirm.json().startDate);
    const end = new Date(confirm.json().endDate);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    // Paying twice (a double click) changes nothing.
    await api('POST', `/billing/local-checkout/${sessionId}/pay`);
    const txs = (await api('GET', '/api/transactions')).json();
    expect(txs).toEqual([expect.objectContaining({ planName: 'Pro', amount: 49, paymentStatus: 'succeeded', currency: 'USD' })]);
    expect((await api('GET', '/api/transactions', undefined, other)).json()).toEqual([]);
  });

  it('cancels a local checkout with no charge, and confirm says so', async () => {
    const { sessionId } = (await api('POST', '/api/stripe/create-checkout-session', { planId: planId('starter-yearly') })).json();
    const cancelled = await api('POST', `/billing/local-checkout/${sessionId}/cancel`);
    expect(cancelled.headers.location).toBe(`/payment-result?status=cancelled&session_id=${sessionId}&planId=${planId('starter-yearly')}`);
    expect((await api('GET', `/api/stripe/confirm?session_id=${sessionId}`)).json()).toMatchObject({ ok: false, error: 'The payment was cancelled. No charge was made.' });
    expect((await api('POST', `/billing/local-checkout/${sessionId}/pay`)).statusCode).toBe(409);
    expect((await api('GET', '/api/transactions')).json()).toEqual([]);
    expect((await api('GET', '/api/subscription/current')).json().planName).toBe('Free');
  });

  it('switches a paying customer to another plan in place, and refuses buying the same plan twice', async () => {
    const { sessionId } = (await api('POST', '/api/stripe/create-checkout-session', { planId: planId('pro-monthly') })).json();
    await api('POST', `/billing/local-checkout/${sessionId}/pay`);
    const again = await api('POST', '/api/stripe/create-checkout-session', { planId: planId('pro-monthly') });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already have an active subscription to this plan.');
    const change = await api('POST', '/api/stripe/create-checkout-session', { planId: planId('business-monthly') });
    expect(change.json().url).toMatch(/\/payment-result\?status=success&session_id=change_/);
    expect((await api('GET', `/api/stripe/confirm?session_id=${change.json().sessionId}`)).json()).toMatchObject({ ok: true, planName: 'Business', documentLimit: null });
    // The switch is charged as a new period of the new plan.
    const yearly = await api('POST', '/api/stripe/create-checkout-session', { planId: planId('pro-yearly') });
    const after = (await api('GET', `/api/stripe/confirm?session_id=${yearly.json().sessionId}`)).json();
    expect(new Date(after.endDate).getUTCFullYear()).toBe(new Date(after.startDate).getUTCFullYear() + 1);
    const txs = (await api('GET', '/api/transactions')).json();
    expect(txs.map((x: { planName: string; amount: number }) => `${x.planName} ${x.amount}`).sort()).toEqual(['Business 99', 'Pro 470.4', 'Pro 49']);
  });

  it('signs a stranger in before showing a checkout page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/billing/local-checkout/local_cs_whatever' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/login?returnTo=%2Fbilling%2Flocal-checkout%2Flocal_cs_whatever');
  });

  it('has no Stripe webhook when Stripe is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
  });
});
