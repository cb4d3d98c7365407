import Stripe from 'stripe';
import type { BillingEvent, PaymentRecord } from './billing-events.ts';
import type { CheckoutCreated, CheckoutRequest, CheckoutState, PaymentProvider, RefundRequest } from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK at another host (tests use a local fake Stripe server). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

const toDate = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === 'string' ? value : value.id) : null;

/** The subscription an invoice belongs to, across Stripe API versions (it moved under parent). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null }).parent;
  return idOf(parent?.subscription_details?.subscription) ?? idOf((invoice as { subscription?: string | { id: string } | null }).subscription);
}

function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const payments = (invoice as { payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] } }).payments;
  return idOf(payments?.data?.[0]?.payment?.payment_intent) ?? idOf((invoice as { payment_intent?: string | { id: string } | null }).payment_intent);
}

function invoicePayment(invoice: Stripe.Invoice, status: PaymentRecord['status']): PaymentRecord {
  return {
    amountCents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    description: invoice.description ?? invoice.lines?.data?.[0]?.description ?? 'Subscription payment',
    invoiceId: invoice.id ?? null,
    paymentIntentId: invoicePaymentIntentId(invoice),
    chargeId: null,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    paidAt: toDate(invoice.status_transitions?.paid_at) ?? toDate(invoice.created) ?? new Date(),
  };
}

function subscriptionPeriodEnd(sub: Stripe.Subscription): Date | null {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  return toDate(item?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end);
}

function mapSubscriptionStatus(status: Stripe.Subscription.Status): 'active' | 'trialing' | 'past_due' | 'pending' | 'expired' {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete':
      return 'pending';
    default:
      return 'expired';
  }
}

/** Stripe behind the PaymentProvider interface: Checkout Sessions, subscriptions, refunds, webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.#webhookSecret = options.webhookSecret;
  }

  /** The Stripe price for a plan, made on first use when the plan has none yet. */
  async #priceFor(plan: CheckoutRequest['plan']): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    const product = await this.stripe.products.create(
      { name: `Reelsmith ${plan.name}`, metadata: { planId: plan.id, planCode: plan.code } },
      { idempotencyKey: `product-${plan.id}` },
    );
    const price = await this.stripe.prices.create(
      {
        product: product.id,
        currency: plan.currency,
        unit_amount: plan.priceCents,
        ...(plan.billingInterval === 'one_time' ? {} : { recurring: { interval: plan.billingInterval === 'monthly' ? 'month' : 'year' } }),
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `price-${plan.id}-${plan.priceCents}` },
    );
    return price.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const customerId =
      request.customerId ??
      (
        await this.stripe.customers.create(
          { email: request.email, ...(request.name ? { name: request.name } : {}), metadata: { userId: request.userId } },
          { idempotencyKey: `customer-${request.userId}` },
        )
      ).id;
    const price = await this.#priceFor(request.plan);
    const metadata = { userId: request.userId, planId: request.plan.id };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: request.plan.billingInterval === 'one_time' ? 'payment' : 'subscription',
        customer: customerId,
        client_reference_id: request.userId,
        line_items: [{ price, quantity: 1 }],
        metadata,
        ...(request.plan.billingInterval === 'one_time' ? { payment_intent_data: { metadata } } : { subscription_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `checkout-${request.sessionIdHint}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url, customerId, stripePriceId: request.plan.stripePriceId ? null : price };
  }

  async #completion(session: Stripe.Checkout.Session): Promise<BillingEvent | null> {
    const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
    const planId = session.metadata?.planId ?? null;
    if (!userId || !planId) return null;
    const subscriptionId = idOf(session.subscription as string | { id: string } | null);
    let periodStart = toDate(session.created) ?? new Date();
    let periodEnd: Date | null = null;
    if (subscriptionId) {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      periodStart = toDate(sub.start_date) ?? periodStart;
      periodEnd = subscriptionPeriodEnd(sub);
    }
    const paymentIntentId = idOf(session.payment_intent as string | { id: string } | null);
    return {
      type: 'checkout.completed',
      checkoutSessionId: session.id,
      userId,
      planId,
      customerId: idOf(session.customer as string | { id: string } | null),
      externalSubscriptionId: subscriptionId,
      periodStart,
      periodEnd,
      // Subscription payments arrive as invoice.paid; a one-time payment is recorded with the checkout.
      payment:
        session.mode === 'payment' && paymentIntentId
          ? {
              amountCents: session.amount_total ?? 0,
              currency: session.currency ?? 'usd',
              status: 'succeeded',
              description: 'One-time purchase',
              invoiceId: null,
              paymentIntentId,
              chargeId: null,
              receiptUrl: null,
              paidAt: toDate(session.created) ?? new Date(),
            }
          : null,
    };
  }

  async retrieveCheckout(id: string): Promise<CheckoutState> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    return {
      id: session.id,
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      paid,
      userId: session.client_reference_id ?? session.metadata?.userId ?? null,
      completion: paid ? await this.#completion(session) : null,
    };
  }

  async cancelAtPeriodEnd(externalSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(externalSubscriptionId, { cancel_at_period_end: true });
  }

  async refund(request: RefundRequest): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }> {
    if (!request.paymentIntentId && !request.chargeId) throw new Error('the payment has no Stripe reference to refund');
    const refund = await this.stripe.refunds.create(
      {
        ...(request.paymentIntentId ? { payment_intent: request.paymentIntentId } : { charge: request.chargeId! }),
        amount: request.amountCents,
        reason: 'requested_by_customer',
        ...(request.reason ? { metadata: { note: request.reason.slice(0, 450) } } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
    return { id: refund.id, status };
  }

  async extendPeriod(externalSubscriptionId: string, newPeriodEnd: Date): Promise<void> {
    // A trial until the new date moves the next charge there without billing the extra days.
    await this.stripe.subscriptions.update(externalSubscriptionId, {
      trial_end: Math.floor(newPeriodEnd.getTime() / 1000),
      proration_behavior: 'none',
    });
  }

  async changePlan(
    externalSubscriptionId: string,
    plan: CheckoutRequest['plan'],
    proration: 'create_prorations' | 'none',
  ): Promise<{ stripePriceId: string | null }> {
    const sub = await this.stripe.subscriptions.retrieve(externalSubscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error('the Stripe subscription has no item to change');
    const price = await this.#priceFor(plan);
    await this.stripe.subscriptions.update(externalSubscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: proration,
      metadata: { ...sub.metadata, planId: plan.id },
    });
    return { stripePriceId: plan.stripePriceId ? null : price };
  }

  /** Verifies a webhook's signature over the raw body; throws on a bad signature. */
  verifyWebhook(rawBody: string | Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
  }

  /** Our reading of a Stripe event, or null for events we do not act on. */
  async toBillingEvent(event: Stripe.Event): Promise<BillingEvent | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
        return this.#completion(session);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const line = invoice.lines?.data?.[0];
        const paid = event.type === 'invoice.paid';
        return {
          type: paid ? 'payment.succeeded' : 'payment.failed',
          customerId: idOf(invoice.customer as string | { id: string } | null),
          externalSubscriptionId: invoiceSubscriptionId(invoice),
          payment: invoicePayment(invoice, paid ? 'succeeded' : 'failed'),
          periodStart: toDate(line?.period?.start),
          periodEnd: toDate(line?.period?.end),
          renewal: invoice.billing_reason === 'subscription_cycle',
        };
      }
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        return {
          type: 'subscription.updated',
          externalSubscriptionId: sub.id,
          status: mapSubscriptionStatus(sub.status),
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          periodEnd: subscriptionPeriodEnd(sub),
        };
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return { type: 'subscription.deleted', externalSubscriptionId: sub.id, endedAt: toDate(sub.ended_at) ?? toDate(event.created) ?? new Date() };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        return {
          type: 'charge.refunded',
          paymentIntentId: idOf(charge.payment_intent as string | { id: string } | null),
          chargeId: charge.id,
          amountRefundedCents: charge.amount_refunded,
          receiptUrl: charge.receipt_url ?? null,
        };
      }
      default:
        return null;
    }
  }
}
