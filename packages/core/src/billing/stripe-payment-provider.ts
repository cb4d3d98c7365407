import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Executor } from '@reelsmith/db';
import type { BillingEvent, PaymentRecord, ProviderRefund, SubscriptionState } from './billing-events.ts';
import type { StripeIdStore } from './stripe-ids.ts';

export { databaseStripeIds, type StripeIdStore } from './stripe-ids.ts';
import type { CheckoutCreated, CheckoutRequest, CheckoutState, PaymentProvider, PlanChanged, PlanChangeProration, RefundRequest } from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK at another host (tests use a local fake Stripe server). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Keeps customer and price ids per Stripe account and mode; without it the ids passed in are used. */
  ids?: StripeIdStore | undefined;
}

const toDate = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === 'string' ? value : value.id) : null;

/** The subscription an invoice belongs to, across Stripe API versions (it moved under parent). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null }).parent;
  return idOf(parent?.subscription_details?.subscription) ?? idOf((invoice as { subscription?: string | { id: string } | null }).subscription);
}

/** What an invoice's payment was made with: its PaymentIntent and the charge that took the money. */
interface PaymentRefs {
  paymentIntentId: string | null;
  chargeId: string | null;
}

function invoicePayment(invoice: Stripe.Invoice, status: PaymentRecord['status'], refs: PaymentRefs): PaymentRecord {
  const subscriptionLine = invoice.lines?.data?.find((l) => !lineIsProration(l)) ?? invoice.lines?.data?.[0];
  return {
    amountCents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    description: invoice.description ?? subscriptionLine?.description ?? 'Subscription payment',
    invoiceId: invoice.id ?? null,
    paymentIntentId: refs.paymentIntentId,
    chargeId: refs.chargeId,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    paidAt: toDate(invoice.status_transitions?.paid_at) ?? toDate(invoice.created) ?? new Date(),
  };
}

/** Our status for a Stripe refund's: requires_action and pending are still pending; canceled is failed. */
function refundStatus(status: string | null): ProviderRefund['status'] {
  return status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}

function lineIsProration(line: Stripe.InvoiceLineItem): boolean {
  const parent = line.parent as { subscription_item_details?: { proration?: boolean } | null; invoice_item_details?: { proration?: boolean } | null } | null;
  return Boolean(parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration);
}

/** The current period, from the subscription item (an invoice's first line may be a proration of the old one). */
function subscriptionPeriod(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = sub.items?.data?.[0] as { current_period_start?: number; current_period_end?: number } | undefined;
  return { start: toDate(item?.current_period_start), end: toDate(item?.current_period_end) };
}

/** Our reading of a subscription as Stripe holds it now. */
function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const period = subscriptionPeriod(sub);
  return {
    status: mapSubscriptionStatus(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end || Boolean(sub.cancel_at),
    periodStart: period.start,
    periodEnd: period.end,
    priceId: sub.items?.data?.[0]?.price?.id ?? null,
  };
}

function mapSubscriptionStatus(status: Stripe.Subscription.Status): SubscriptionState['status'] {
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

/** The object, or null when Stripe has no such object (an event from another account or environment). */
async function unlessMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    throw err;
  }
}

/**
 * The Stripe API version this code reads and writes, pinned rather than left to the SDK's default:
 * the shapes it relies on (an invoice's payments under `payments`, periods on subscription items,
 * `parent.subscription_details`) are those of this version. The webhook endpoint must use it too
 * (docs/billing.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** The events the webhook endpoint must send (docs/billing.md); checked at start in production. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'refund.updated',
  'refund.failed',
  'customer.subscription.pending_update_expired',
] as const;

/** Stripe behind the PaymentProvider interface: Checkout Sessions, subscriptions, refunds, webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #ids: StripeIdStore | undefined;
  readonly #mode: 'live' | 'test';
  #account: Promise<string> | undefined;

  constructor(options: StripeProviderOptions) {
    this.#ids = options.ids;
    this.#mode = /^(sk|rk)_live_/.test(options.secretKey) ? 'live' : 'test';
    this.stripe = new Stripe(options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      telemetry: false,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.#webhookSecret = options.webhookSecret;
  }

  /** The Stripe account and mode the keys act in ('acct_…:live'), which the ids we keep belong to. */
  accountKey(): Promise<string> {
    this.#account ??= this.stripe.accounts.retrieveCurrent().then(
      (account) => `${account.id}:${this.#mode}`,
      (err: unknown) => {
        // A restricted key may not read the account: the mode alone still keeps test and live apart.
        if (err instanceof Stripe.errors.StripePermissionError) return `restricted:${this.#mode}`;
        this.#account = undefined;
        throw err;
      },
    );
    return this.#account;
  }

  /**
   * The Stripe price for a plan, made on first use in this account and mode. The keys belong to
   * this attempt: a retry of one call replays, a later buyer starts afresh (never a stored 500).
   */
  async #priceFor(plan: CheckoutRequest['plan'], attempt: string, db?: Executor): Promise<string> {
    const localKey = `${plan.id}:${plan.currency}:${plan.priceCents}:${plan.billingInterval}`;
    const account = this.#ids ? await this.accountKey() : null;
    const known = this.#ids && account ? await this.#ids.find(account, 'price', localKey, db) : plan.stripePriceId;
    if (known) return known;
    const product = await this.stripe.products.create(
      { name: `Reelsmith ${plan.name}`, metadata: { planId: plan.id, planCode: plan.code } },
      { idempotencyKey: `product-${plan.id}-${attempt}` },
    );
    const price = await this.stripe.prices.create(
      {
        product: product.id,
        currency: plan.currency,
        unit_amount: plan.priceCents,
        ...(plan.billingInterval === 'one_time' ? {} : { recurring: { interval: plan.billingInterval === 'monthly' ? 'month' : 'year' } }),
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `price-${plan.id}-${plan.priceCents}-${attempt}` },
    );
    if (this.#ids && account) await this.#ids.remember(account, 'price', localKey, price.id, db);
    return price.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const attempt = request.sessionIdHint;
    const account = this.#ids ? await this.accountKey() : null;
    let customerId = this.#ids && account ? await this.#ids.find(account, 'customer', request.userId) : request.customerId;
    if (!customerId) {
      customerId = (
        await this.stripe.customers.create(
          { email: request.email, ...(request.name ? { name: request.name } : {}), metadata: { userId: request.userId } },
          { idempotencyKey: `customer-${request.userId}-${attempt}` },
        )
      ).id;
      if (this.#ids && account) await this.#ids.remember(account, 'customer', request.userId, customerId);
    }
    const price = await this.#priceFor(request.plan, attempt);
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
      { idempotencyKey: `checkout-${attempt}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url, customerId, stripePriceId: price === request.plan.stripePriceId ? null : price };
  }

  /** The charge behind a PaymentIntent (null while it is processing). */
  async #chargeOf(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    const pi = await this.stripe.paymentIntents.retrieve(paymentIntentId);
    return idOf(pi.latest_charge as string | { id: string } | null);
  }

  /**
   * What paid an invoice. Since API version 2025-03-31.basil an invoice names neither its
   * PaymentIntent nor its charge, and its `payments` come only when expanded (webhooks never
   * expand), so they are read back from Stripe.
   */
  async #invoicePaymentRefs(invoiceId: string | undefined): Promise<PaymentRefs> {
    const invoice = invoiceId ? await unlessMissing(this.stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent'] })) : null;
    if (!invoice) return { paymentIntentId: null, chargeId: null };
    const payments = invoice.payments?.data ?? [];
    const chosen = payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
    const intent = chosen?.payment?.payment_intent;
    if (intent && typeof intent !== 'string') return { paymentIntentId: intent.id, chargeId: idOf(intent.latest_charge as string | { id: string } | null) };
    if (typeof intent === 'string') return { paymentIntentId: intent, chargeId: await this.#chargeOf(intent) };
    return { paymentIntentId: null, chargeId: idOf(chosen?.payment?.charge as string | { id: string } | null) };
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
      const period = subscriptionPeriod(sub);
      periodStart = period.start ?? toDate(sub.start_date) ?? periodStart;
      periodEnd = period.end;
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
              chargeId: await this.#chargeOf(paymentIntentId),
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
      processing: session.status === 'complete' && session.payment_status === 'unpaid',
      userId: session.client_reference_id ?? session.metadata?.userId ?? null,
      completion: paid ? await this.#completion(session) : null,
    };
  }

  async cancelAtPeriodEnd(externalSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(externalSubscriptionId, { cancel_at_period_end: true });
  }

  async cancelNow(externalSubscriptionId: string): Promise<void> {
    await unlessMissing(this.stripe.subscriptions.cancel(externalSubscriptionId));
  }

  async voidInvoice(invoiceId: string): Promise<void> {
    const invoice = await unlessMissing(this.stripe.invoices.retrieve(invoiceId));
    // Only a plan change's own invoice: a renewal that happens to be the latest one is Stripe's to retry.
    if (invoice?.status === 'open' && invoice.billing_reason === 'subscription_update') await this.stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `void-${invoiceId}` });
  }

  async refund(request: RefundRequest): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }> {
    if (!request.paymentIntentId && !request.chargeId) throw new Error('the payment has no Stripe reference to refund');
    const refund = await this.stripe.refunds.create(
      {
        ...(request.paymentIntentId ? { payment_intent: request.paymentIntentId } : { charge: request.chargeId! }),
        amount: request.amountCents,
        reason: 'requested_by_customer',
        // Our refund's id travels with Stripe's: its events find the refund before we stored Stripe's id.
        metadata: { reelsmith_refund_id: request.localRefundId, ...(request.reason ? { note: request.reason.slice(0, 450) } : {}) },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: refund.id, status: refundStatus(refund.status) };
  }

  async extendPeriod(externalSubscriptionId: string, newPeriodEnd: Date): Promise<void> {
    // A trial until the new date moves the next charge there without billing the extra days.
    await this.stripe.subscriptions.update(externalSubscriptionId, {
      trial_end: Math.floor(newPeriodEnd.getTime() / 1000),
      proration_behavior: 'none',
    });
  }

  async changePlan(externalSubscriptionId: string, plan: CheckoutRequest['plan'], proration: PlanChangeProration, db?: Executor): Promise<PlanChanged> {
    const attempt = randomBytes(9).toString('base64url');
    const sub = await this.stripe.subscriptions.retrieve(externalSubscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error('the Stripe subscription has no item to change');
    const price = await this.#priceFor(plan, attempt, db);
    const stripePriceId = price === plan.stripePriceId ? null : price;
    if (proration === 'always_invoice') {
      // Charged now; a declined charge leaves the change pending and the old plan in force. Pending
      // updates take only a few parameters, so the metadata follows in a second call.
      const updated = await this.stripe.subscriptions.update(
        externalSubscriptionId,
        { items: [{ id: item.id, price }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' },
        { idempotencyKey: `plan-change-${externalSubscriptionId}-${attempt}` },
      );
      if (updated.pending_update) return { stripePriceId, applied: false };
      await this.stripe.subscriptions.update(externalSubscriptionId, { metadata: { ...sub.metadata, planId: plan.id } });
      return { stripePriceId, applied: true };
    }
    await this.stripe.subscriptions.update(
      externalSubscriptionId,
      { items: [{ id: item.id, price }], proration_behavior: proration, metadata: { ...sub.metadata, planId: plan.id } },
      { idempotencyKey: `plan-change-${externalSubscriptionId}-${attempt}` },
    );
    return { stripePriceId, applied: true };
  }

  /** Verifies a webhook's signature over the raw body; throws on a bad signature. */
  verifyWebhook(rawBody: string | Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
  }

  /**
   * What is wrong with the account's webhook endpoint for `url` (missing, disabled, events not
   * enabled, another API version), or an empty list. Null when the key may not read endpoints.
   */
  async checkWebhookEndpoint(url: string): Promise<string[] | null> {
    let endpoints: Stripe.WebhookEndpoint[];
    try {
      endpoints = (await this.stripe.webhookEndpoints.list({ limit: 100 })).data;
    } catch (err) {
      if (err instanceof Stripe.errors.StripePermissionError || err instanceof Stripe.errors.StripeAuthenticationError) return null;
      throw err;
    }
    const endpoint = endpoints.find((e) => e.url === url);
    if (!endpoint) return [`no Stripe webhook endpoint for ${url}`];
    const problems: string[] = [];
    if (endpoint.status !== 'enabled') problems.push(`the webhook endpoint ${endpoint.id} is ${endpoint.status}`);
    const enabled = new Set(endpoint.enabled_events);
    const missing = enabled.has('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((e) => !enabled.has(e));
    if (missing.length > 0) problems.push(`the webhook endpoint ${endpoint.id} does not send ${missing.join(', ')}`);
    if (endpoint.api_version && endpoint.api_version !== STRIPE_API_VERSION) {
      problems.push(`the webhook endpoint ${endpoint.id} uses API version ${endpoint.api_version}, not ${STRIPE_API_VERSION}`);
    }
    return problems;
  }

  /** The subscription as Stripe holds it now: late or repeated events never outvote it. */
  async #subscriptionNow(id: string | null): Promise<SubscriptionState | null> {
    const sub = id ? await unlessMissing(this.stripe.subscriptions.retrieve(id)) : null;
    return sub ? subscriptionState(sub) : null;
  }

  /** The Stripe subscription or charge an event is about, if any: its events are applied one at a time. */
  lockKeyOf(event: Stripe.Event): string | null {
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return invoiceSubscriptionId(event.data.object);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.pending_update_expired':
        return event.data.object.id;
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        return idOf(event.data.object.subscription as string | { id: string } | null);
      case 'charge.refunded':
        return event.data.object.id;
      case 'refund.updated':
      case 'refund.failed':
        return idOf(event.data.object.charge as string | { id: string } | null) ?? idOf(event.data.object.payment_intent as string | { id: string } | null);
      default:
        return null;
    }
  }

  /** Every refund of a charge as Stripe holds it now, with the back-office refund each one was made for. */
  async #refundsOf(chargeId: string | null, paymentIntentId: string | null): Promise<ProviderRefund[]> {
    if (!chargeId && !paymentIntentId) return [];
    const found: ProviderRefund[] = [];
    for await (const refund of this.stripe.refunds.list({ ...(chargeId ? { charge: chargeId } : { payment_intent: paymentIntentId! }), limit: 100 })) {
      found.push({ id: refund.id, amountCents: refund.amount, status: refundStatus(refund.status), localRefundId: refund.metadata?.reelsmith_refund_id ?? null });
    }
    return found;
  }

  /** Our reading of a Stripe event, or null for events we do not act on. */
  async toBillingEvent(event: Stripe.Event): Promise<BillingEvent | null> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed payment method (a bank debit) completes the session unpaid; its outcome comes later.
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
        return this.#completion(session);
      }
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        return { type: 'checkout.failed', checkoutSessionId: session.id };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const paid = event.type === 'invoice.paid';
        const subscriptionId = invoiceSubscriptionId(invoice);
        const [refs, subscription] = await Promise.all([this.#invoicePaymentRefs(invoice.id), this.#subscriptionNow(subscriptionId)]);
        return {
          type: paid ? 'payment.succeeded' : 'payment.failed',
          customerId: idOf(invoice.customer as string | { id: string } | null),
          externalSubscriptionId: subscriptionId,
          payment: invoicePayment(invoice, paid ? 'succeeded' : 'failed', refs),
          subscription,
          renewal: invoice.billing_reason === 'subscription_cycle',
        };
      }
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        const now = await this.#subscriptionNow(sub.id);
        if (!now) return null;
        return { type: 'subscription.updated', externalSubscriptionId: sub.id, ...now };
      }
      case 'customer.subscription.pending_update_expired': {
        const sub = event.data.object;
        return { type: 'subscription.pending_update_expired', externalSubscriptionId: sub.id, openInvoiceId: idOf(sub.latest_invoice as string | { id: string } | null) };
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return { type: 'subscription.deleted', externalSubscriptionId: sub.id, endedAt: toDate(sub.ended_at) ?? toDate(event.created) ?? new Date() };
      }
      case 'charge.refunded': {
        // The event's charge names no refund (its refunds list is expandable only); Stripe's list of the
        // charge's refunds, read now, says which refunds exist and where each one stands.
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent as string | { id: string } | null);
        return { type: 'refunds.changed', paymentIntentId, chargeId: charge.id, receiptUrl: charge.receipt_url ?? null, refunds: await this.#refundsOf(charge.id, paymentIntentId) };
      }
      case 'refund.updated':
      case 'refund.failed': {
        // A pending refund (a bank refund) settles or fails days later; the same reading applies.
        const refund = event.data.object;
        const paymentIntentId = idOf(refund.payment_intent as string | { id: string } | null);
        const chargeId = idOf(refund.charge as string | { id: string } | null);
        return { type: 'refunds.changed', paymentIntentId, chargeId, receiptUrl: null, refunds: await this.#refundsOf(chargeId, paymentIntentId) };
      }
      default:
        return null;
    }
  }
}
