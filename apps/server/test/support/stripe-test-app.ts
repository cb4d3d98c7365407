// The app on a test database with the real `stripe` SDK pointed at the faithful fake Stripe: the
// set-up the billing-stripe*.test.ts suites share.
import type { LightMyRequestResponse } from 'fastify';
import type { DatabaseKind } from '@reelsmith/db';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { FakeStripe } from './fake-stripe.ts';
import { buildTestApp, devSignIn, type TestApp } from '../test-app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
type Obj = Record<string, any>;

export interface StripeTestContext {
  stripe: FakeStripe;
  t: TestApp;
  cookie: string;
  userId: string;
  plans: { starterMonthly: string; proMonthly: string; businessMonthly: string; proYearly: string };
  admin: { id: string; email: string; ip: string };
  api(method: 'GET' | 'POST', url: string, payload?: object, cookie?: string): Promise<LightMyRequestResponse>;
  /** Posts one of the fake's events to our webhook; answers the webhook's JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  deliver(event: Obj): Promise<{ statusCode: number; body: any }>;
  /** Opens a checkout through our API and has the customer pay it at the fake Stripe. */
  buy(planId?: string, options?: { delayed?: boolean }): Promise<{ sessionId: string; session: Obj; subscriptionId: string }>;
  /** Buys a plan and delivers every event of it in Stripe's order. */
  subscribe(planId?: string): Promise<{ sessionId: string; session: Obj; subscriptionId: string }>;
  /** Delivers, in order, every event the fake has recorded since `from` (an index into stripe.events). */
  deliverFrom(from: number): Promise<void>;
  subscriptionRow(stripeSubscriptionId: string): Promise<{ id: string; status: string; end_date: Date | null; start_date: Date; plan_id: string; documents_used: number }>;
}

export function useStripeApp(kind: DatabaseKind): StripeTestContext {
  const ctx = { stripe: new FakeStripe(), admin: { id: '', email: 'ops@example.com', ip: '127.0.0.1' } } as StripeTestContext;
  beforeAll(async () => {
    await ctx.stripe.start();
    ctx.t = await buildTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_reelsmith',
      STRIPE_WEBHOOK_SECRET: ctx.stripe.webhookSecret,
      STRIPE_API_BASE: ctx.stripe.url,
      PUBLIC_URL: 'http://127.0.0.1:3999',
    });
  }, 120_000);
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.stripe.stop();
  });
  beforeEach(async () => {
    await ctx.t.db.reset();
    ctx.stripe.reset();
    ctx.cookie = await devSignIn(ctx.t.app, 'buyer@example.com', 'Bea Buyer');
    ctx.userId = (await ctx.t.db.db.selectFrom('users').select('id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()).id;
    const rows = await ctx.t.db.db.selectFrom('plans').select(['id', 'code']).execute();
    const plan = (code: string) => rows.find((p) => p.code === code)!.id;
    ctx.plans = { starterMonthly: plan('starter-monthly'), proMonthly: plan('pro-monthly'), businessMonthly: plan('business-monthly'), proYearly: plan('pro-yearly') };
    ctx.admin.id = (await ctx.t.db.db.insertInto('admins').values({ email: ctx.admin.email, password_hash: 'x', role: 'admin' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  ctx.api = (method, url, payload, cookie) => ctx.t.app.inject({ method, url, headers: { cookie: cookie ?? ctx.cookie }, ...(payload ? { payload } : {}) });
  ctx.deliver = (event) => ctx.stripe.deliver(ctx.t.app, event);
  ctx.buy = async (planId = ctx.plans.proMonthly, options = {}) => {
    const res = await ctx.api('POST', '/api/stripe/create-checkout-session', { planId, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { sessionId } = res.json();
    const session = ctx.stripe.completeCheckout(sessionId, options);
    return { sessionId, session, subscriptionId: session.subscription };
  };
  ctx.deliverFrom = async (from) => {
    for (const event of ctx.stripe.events.slice(from)) {
      const res = await ctx.deliver(event);
      expect(res.statusCode, `${event.type}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  };
  ctx.subscribe = async (planId) => {
    const from = ctx.stripe.events.length;
    const bought = await ctx.buy(planId);
    await ctx.deliverFrom(from);
    return bought;
  };
  ctx.subscriptionRow = (id) =>
    ctx.t.db.db
      .selectFrom('subscriptions')
      .select(['id', 'status', 'end_date', 'start_date', 'plan_id', 'documents_used'])
      .where('stripe_subscription_id', '=', id)
      .executeTakeFirstOrThrow();
  return ctx;
}
