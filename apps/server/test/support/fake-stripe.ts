// A small Stripe API on loopback for the real `stripe` SDK: the endpoints Reelsmith calls, with
// state, request recording, and helpers that play the part of a customer paying.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Obj;
  headers: IncomingMessage['headers'];
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, Obj>();
  readonly webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  /** Set to make the next call to a path fail with this status and Stripe error body. */
  failNext: { path: RegExp; status: number; message: string; times?: number } | undefined;
  #server: Server | undefined;
  #signer = new Stripe('sk_test_signer');

  get url(): string {
    const address = this.#server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const body = raw ? (qs.parse(raw, { depth: 10, arrayLimit: 100 }) as Obj) : (qs.parse(url.search.slice(1)) as Obj);
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers });
        const [status, answer] = this.#handle(req.method ?? 'GET', url.pathname, body, req.headers);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.objects.clear();
    this.failNext = undefined;
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  #error(status: number, message: string, type = 'invalid_request_error'): [number, Obj] {
    return [status, { error: { type, message } }];
  }

  #handle(method: string, path: string, body: Obj, headers: IncomingMessage['headers']): [number, Obj] {
    if (!String(headers.authorization ?? '').startsWith('Bearer sk_')) return this.#error(401, 'Invalid API Key provided', 'authentication_error');
    if (this.failNext && this.failNext.path.test(path)) {
      const { status, message } = this.failNext;
      this.failNext.times = (this.failNext.times ?? 1) - 1;
      if (this.failNext.times <= 0) this.failNext = undefined;
      return this.#error(status, message, status >= 500 ? 'api_error' : 'invalid_request_error');
    }
    const store = (obj: Obj) => {
      this.objects.set(obj.id, obj);
      return [200, obj] as [number, Obj];
    };
    const get = (id: string) => {
      const found = this.objects.get(id);
      return found ? ([200, found] as [number, Obj]) : this.#error(404, `No such object: '${id}'`);
    };
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      return store({ id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} });
    }
    if (method === 'POST' && path === '/v1/products') {
      return store({ id: newId('prod'), object: 'product', name: body.name, metadata: body.metadata ?? {} });
    }
    if (method === 'POST' && path === '/v1/prices') {
      return store({
        id: newId('price'),
        object: 'price',
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ? { interval: body.recurring.interval } : null,
        type: body.recurring ? 'recurring' : 'one_time',
      });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const price = this.objects.get(body.line_items?.[0]?.price);
      if (!price) return this.#error(400, 'No such price');
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      return store({
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        amount_total: price.unit_amount * Number(body.line_items[0].quantity ?? 1),
        currency: price.currency,
        subscription: null,
        payment_intent: null,
        created: nowSeconds(),
        line_items_price: price.id,
      });
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') return get(m[1]!);
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = this.objects.get(m[1]!);
      if (!sub) return this.#error(404, `No such subscription: '${m[1]}'`);
      if (method === 'GET') return [200, sub];
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.trial_end !== undefined) {
        sub.trial_end = Number(body.trial_end);
        sub.items.data[0].current_period_end = Number(body.trial_end);
        sub.status = 'trialing';
      }
      if (body.items?.[0]?.price) sub.items.data[0].price = { id: body.items[0].price };
      if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
      sub.last_proration_behavior = body.proration_behavior ?? null;
      return [200, sub];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const amount = Number(body.amount);
      const pi = this.objects.get(body.payment_intent);
      if (!pi) return this.#error(400, `No such payment_intent: '${body.payment_intent}'`);
      const remaining = pi.amount - pi.amount_refunded;
      if (amount > remaining) return this.#error(400, `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${remaining / 100})`);
      pi.amount_refunded += amount;
      return store({ id: newId('re'), object: 'refund', amount, payment_intent: pi.id, status: 'succeeded', metadata: body.metadata ?? {} });
    }
    return this.#error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  /** The customer pays the checkout: the session completes, with a subscription or a payment intent. */
  completeCheckout(sessionId: string): Obj {
    const session = this.objects.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const price = this.objects.get(session.line_items_price);
    session.status = 'complete';
    session.payment_status = 'paid';
    const pi = { id: newId('pi'), object: 'payment_intent', amount: session.amount_total, amount_refunded: 0, currency: session.currency, status: 'succeeded' };
    this.objects.set(pi.id, pi);
    if (session.mode === 'subscription') {
      const start = nowSeconds();
      const end = start + (price?.recurring?.interval === 'year' ? 365 : 30) * 86400;
      const sub = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        start_date: start,
        metadata: session.metadata,
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price: { id: price?.id }, current_period_start: start, current_period_end: end }] },
        latest_payment_intent: pi.id,
      };
      this.objects.set(sub.id, sub);
      session.subscription = sub.id;
    } else {
      session.payment_intent = pi.id;
    }
    return session;
  }

  /** An invoice of a subscription, as invoice.paid / invoice.payment_failed deliver it (2025+ shape). */
  invoiceFor(subscriptionId: string, options: { paid: boolean; reason?: string; amount?: number }): Obj {
    const sub = this.objects.get(subscriptionId)!;
    let pi = this.objects.get(sub.latest_payment_intent)!;
    if (options.reason === 'subscription_cycle') {
      // Each renewal is charged through a payment intent of its own.
      pi = { ...pi, id: newId('pi'), amount_refunded: 0 };
      this.objects.set(pi.id, pi);
      sub.latest_payment_intent = pi.id;
    }
    const item = sub.items.data[0];
    const amount = options.amount ?? pi.amount;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      currency: pi.currency,
      amount_paid: options.paid ? amount : 0,
      amount_due: amount,
      billing_reason: options.reason ?? 'subscription_create',
      description: null,
      created: nowSeconds(),
      hosted_invoice_url: `https://invoice.stripe.test/i/${randomBytes(6).toString('hex')}`,
      status: options.paid ? 'paid' : 'open',
      status_transitions: { paid_at: options.paid ? nowSeconds() : null },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: pi.id } }] },
      lines: { object: 'list', data: [{ description: '1 × Reelsmith plan', period: { start: item.current_period_start, end: item.current_period_end } }] },
    };
  }

  /** A signed webhook delivery: the raw payload and its stripe-signature header. */
  signedEvent(type: string, object: Obj, id = newId('evt')): { payload: string; signature: string; id: string } {
    const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: nowSeconds(), data: { object }, livemode: false, pending_webhooks: 1 });
    const signature = this.#signer.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature, id };
  }
}
