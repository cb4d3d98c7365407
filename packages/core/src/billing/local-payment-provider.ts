import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCheckoutSession, findCheckoutWithPlan, type Database } from '@reelsmith/db';
import type { Clock } from '../deps.ts';
import type { BillingEvent } from './billing-events.ts';
import type { CheckoutCreated, CheckoutRequest, CheckoutState, PaymentProvider } from './payment-provider.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function addBillingPeriod(start: Date, interval: 'monthly' | 'yearly' | 'one_time'): Date | null {
  if (interval === 'one_time') return null;
  const end = new Date(start);
  if (interval === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * The development payment provider: a test checkout page served by our own server. Paying there
 * produces the same BillingEvents a Stripe webhook would, applied by the same code. No money moves.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #publicUrl: string;

  constructor(options: { db: Kysely<Database>; clock: Clock; publicUrl: string }) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#publicUrl = options.publicUrl;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const sessionId = `local_cs_${request.sessionIdHint}`;
    return { id: sessionId, url: `${this.#publicUrl}/billing/local-checkout/${sessionId}`, customerId: null, stripePriceId: null };
  }

  /** The events paying a local checkout produces: the completed checkout carrying its first payment. */
  async paymentEvents(sessionId: string): Promise<BillingEvent[]> {
    const session = await findCheckoutWithPlan(this.#db, sessionId);
    if (!session) return [];
    const now = this.#clock.now();
    const interval = session.billing_interval === 'free' ? 'one_time' : session.billing_interval;
    return [
      {
        type: 'checkout.completed',
        checkoutSessionId: session.id,
        userId: session.user_id,
        planId: session.plan_id,
        customerId: null,
        externalSubscriptionId: session.mode === 'subscription' ? id('local_sub') : null,
        periodStart: now,
        periodEnd: addBillingPeriod(now, interval),
        payment: {
          amountCents: session.amount_cents,
          currency: session.currency,
          status: 'succeeded',
          description: `${session.name} (${interval === 'one_time' ? 'one-time' : interval}) — test payment`,
          invoiceId: session.mode === 'subscription' ? id('local_in') : null,
          paymentIntentId: id('local_pi'),
          chargeId: null,
          receiptUrl: null,
          paidAt: now,
        },
      },
    ];
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const row = await findCheckoutSession(this.#db, sessionId);
    if (!row) return { id: sessionId, status: 'expired', paid: false, userId: null, completion: null };
    // A local checkout is only paid through its page, which applies the payment itself.
    return { id: row.id, status: row.status, paid: row.status === 'complete', userId: row.user_id, completion: null };
  }

  async cancelAtPeriodEnd(): Promise<void> {}

  /** Nothing renews on its own here, so ending a subscription now asks nothing of the provider. */
  async cancelNow(): Promise<void> {}

  async refund(): Promise<{ id: string; status: 'succeeded' }> {
    return { id: id('local_re'), status: 'succeeded' };
  }

  async extendPeriod(): Promise<void> {}

  async changePlan(): Promise<{ stripePriceId: null }> {
    return { stripePriceId: null };
  }
}
