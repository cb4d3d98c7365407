// A Stripe API on loopback for the real `stripe` SDK, as faithful as a test double can be:
// - every object is built from Stripe's own published example object for its type
//   (stripe-fixtures.json, copied from stripe/openapi's fixtures3.json): a field the fixture lacks
//   cannot be set (build() throws), and fake-stripe.test.ts walks every answer and event for strays;
// - references stay ids unless the request asks for `expand[]`; an invoice's `payments` appear only
//   when expanded (webhooks never carry them), as since API version 2025-03-31.basil;
// - idempotency keys behave as Stripe documents: the same key with the same parameters replays the
//   first answer (a 500 included) for 24 hours, with other parameters it is a 400 idempotency_error;
// - state changes record the events Stripe would send; tests deliver them late, twice, in any order.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
type Obj = Record<string, any>;

const fixtureFile = JSON.parse(readFileSync(new URL('./stripe-fixtures.json', import.meta.url), 'utf8')) as { resources: Record<string, Obj> };
/** Stripe's published example object of each type, by its `object` name. */
export const stripeFixtures: Readonly<Record<string, Obj>> = fixtureFile.resources;

/**
 * Fields the API reference declares but the fixture generator leaves out of these example objects.
 * Kept to the few the integration reads, each checked against the SDK's types.
 */
const declaredButNotInFixture = new Set([
  'invoice_payment.payment.payment_intent', // stripe 23 InvoicePayment.Payment.payment_intent
  'invoice_payment.payment.charge', // stripe 23 InvoicePayment.Payment.charge
]);

export interface RecordedRequest {
  method: string;
  path: string;
  body: Obj;
  headers: IncomingMessage['headers'];
}

export interface RecordedAnswer {
  request: RecordedRequest;
  status: number;
  body: Obj;
  replayed: boolean;
}

/** Values closer to a live object than the fixture's placeholders (a draft invoice, a cancelling subscription...). */
const realistic: Record<string, Obj> = {
  customer: { discount: null, currency: null, livemode: false },
  product: { default_price: null, description: null, package_dimensions: null, type: 'service' },
  price: { transform_quantity: null, lookup_key: null },
  'checkout.session': {
    after_expiration: null, currency_conversion: null, shipping_address_collection: null, shipping_cost: null, total_details: null,
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_details: null, collected_information: null, invoice_creation: null, payment_method_configuration_details: null, managed_payments: null,
  },
  subscription: {
    cancel_at: null, canceled_at: null, ended_at: null, trial_end: null, trial_start: null, cancel_at_period_end: false, pending_update: null,
    pause_collection: null, transfer_data: null, next_pending_invoice_item_invoice: null, pending_invoice_item_interval: null, billing_thresholds: null,
    billing_cycle_anchor_config: null, managed_payments: null, billing_schedules: [],
  },
  subscription_item: { billing_thresholds: null },
  invoice: {
    from_invoice: null, last_finalization_error: null, shipping_cost: null, shipping_details: null, amount_overpaid: 0, due_date: null,
    next_payment_attempt: null, customer_shipping: null, webhooks_delivered_at: null, auto_advance: true,
  },
  line_item: { discountable: true, subtotal: 0 },
  invoiceitem: { net_amount: 0, quantity_decimal: '1' },
  payment_intent: {
    canceled_at: null, client_secret: null, last_payment_error: null, next_action: null, processing: null, transfer_data: null, managed_payments: null,
    payment_method_configuration_details: null,
  },
  charge: { transfer_data: null, source: null, balance_transaction: null, captured: true },
  refund: { destination_details: null },
  invoice_payment: {},
  webhook_endpoint: {},
  event: {},
};

/** A copy of the fixture for `type` with `values` set; a field the fixture does not have is an error. */
export function build(type: string, values: Obj): Obj {
  const fixture = stripeFixtures[type];
  if (!fixture) throw new Error(`fake Stripe: no reference fixture for '${type}'`);
  const object = structuredClone(fixture);
  for (const [key, value] of Object.entries({ ...realistic[type], ...values })) {
    if (!(key in object)) throw new Error(`fake Stripe: a ${type} has no field '${key}' in the reference fixture`);
    object[key] = value;
  }
  return object;
}

const isPlain = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of `value` (a Stripe object, list or event) that the reference fixture of their type
 * does not have, as `type.path` strings. `allow` names includable fields a request asked for.
 */
export function fieldsNotInFixtures(value: unknown, allow: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const typed = (obj: Obj) => check(obj, stripeFixtures[obj.object]!, obj.object, '');
  const check = (obj: Obj, fixture: Obj, type: string, path: string): void => {
    for (const [key, v] of Object.entries(obj)) {
      const where = path ? `${path}.${key}` : key;
      if (!(key in fixture)) {
        if (!declaredButNotInFixture.has(`${type}.${where}`) && !allow.has(`${type}.${where}`)) out.push(`${type}.${where}`);
        if (isPlain(v)) walk(v);
        continue;
      }
      walkValue(v, fixture[key], type, where);
    }
  };
  const walkValue = (v: unknown, f: unknown, type: string, where: string) => {
    if (Array.isArray(v)) {
      for (const item of v) walkValue(item, Array.isArray(f) ? f[0] : undefined, type, where);
    } else if (isPlain(v)) {
      if (typeof v.object === 'string' && stripeFixtures[v.object]) typed(v);
      else if (v.object === 'list') for (const item of v.data ?? []) walkValue(item, isPlain(f) ? f.data?.[0] : undefined, type, `${where}.data`);
      else if (isPlain(f)) check(v, f, type, where);
      else if (v.object === 'event' || typeof v.object === 'string') out.push(`${type}.${where}: an object of unknown type '${String(v.object)}'`);
    }
  };
  const walk = (v: unknown) => walkValue(v, undefined, '?', '');
  walk(value);
  return out;
}

const hex = (n: number) => randomBytes(n).toString('hex');
const newId = (prefix: string) => `${prefix}_${hex(8)}`;
const DAY = 86_400;

function addInterval(seconds: number, interval: string): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });

/** The parameters Stripe accepts with payment_behavior=pending_if_incomplete (pending updates reference). */
const pendingUpdateParams = new Set(['expand', 'payment_behavior', 'proration_behavior', 'proration_date', 'billing_cycle_anchor', 'items', 'trial_end', 'trial_from_plan', 'add_invoice_items']);

interface IdempotentAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: Obj;
  at: number;
}

export interface Webhookable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  inject(options: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }): Promise<{ statusCode: number; json(): any }>;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly answers: RecordedAnswer[] = [];
  readonly objects = new Map<string, Obj>();
  /** Every event Stripe would have sent, in the order it happened. */
  readonly events: Obj[] = [];
  readonly webhookSecret = `whsec_${hex(12)}`;
  readonly webhookEndpoints: Obj[] = [];
  /** Set to make the next calls to a path fail with this status and Stripe error body. */
  failNext: { path: RegExp; status: number; message: string; times?: number } | undefined;
  /** The next matching request is answered with the state it found, `ms` later (a slow network). */
  slowNext: { method: string; path: RegExp; ms: number } | undefined;
  /** The next card charges are declined (renewals, upgrade invoices, checkouts). */
  declineCharges = 0;
  /** Refunds stay pending (as bank refunds do) until settleRefund(). */
  refundsPending = false;
  /** Stripe's clock, in seconds; every event moves it on by one second so `created` orders them. */
  now = Math.floor(Date.now() / 1000);
  readonly #idempotency = new Map<string, IdempotentAnswer>();
  readonly #invoicePayments = new Map<string, string[]>();
  readonly #pendingItems = new Map<string, Obj[]>();
  readonly #sessionPrice = new Map<string, string>();
  /** Test and live mode are separate worlds: an object made with one kind of key is not found with the other. */
  readonly #modeOf = new Map<string, 'live' | 'test'>();
  #mode: 'live' | 'test' = 'test';
  #restricted = false;
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
        const body = (raw ? qs.parse(raw, { depth: 10, arrayLimit: 100 }) : qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 100 })) as Obj;
        const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers };
        this.requests.push(request);
        const { status, answer, replayed } = this.#answer(request);
        this.answers.push({ request, status, body: answer, replayed });
        // The answer is what Stripe held when the request arrived; a slow network delivers it later.
        const payload = JSON.stringify(answer);
        const send = () => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
          res.end(payload);
        };
        const slow = this.slowNext && this.slowNext.method === request.method && this.slowNext.path.test(request.path) ? this.slowNext : undefined;
        if (slow) {
          this.slowNext = undefined;
          setTimeout(send, slow.ms);
        } else send();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.length = 0;
    this.objects.clear();
    this.events.length = 0;
    this.webhookEndpoints.length = 0;
    this.#idempotency.clear();
    this.#invoicePayments.clear();
    this.#pendingItems.clear();
    this.#sessionPrice.clear();
    this.#modeOf.clear();
    this.failNext = undefined;
    this.slowNext = undefined;
    this.declineCharges = 0;
    this.refundsPending = false;
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // ---- the HTTP API ----

  #answer(request: RecordedRequest): { status: number; answer: Obj; replayed: boolean } {
    const { method, path, body, headers } = request;
    if (!/^Bearer (sk|rk)_/.test(String(headers.authorization ?? ''))) {
      return { ...this.#error(401, 'Invalid API Key provided', 'authentication_error'), replayed: false };
    }
    this.#mode = /^Bearer (sk|rk)_live_/.test(String(headers.authorization)) ? 'live' : 'test';
    this.#restricted = String(headers.authorization).startsWith('Bearer rk_');
    const key = method === 'POST' ? (headers['idempotency-key'] as string | undefined) : undefined;
    const params = JSON.stringify(body);
    if (key) {
      const first = this.#idempotency.get(key);
      if (first && first.at + DAY > this.now) {
        if (first.method !== method || first.path !== path || first.params !== params) {
          return {
            ...this.#error(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, 'idempotency_error'),
            replayed: false,
          };
        }
        return { status: first.status, answer: first.body, replayed: true };
      }
    }
    const route = this.#route(method, path);
    if (!route) return { ...this.#error(404, `Unrecognized request URL (${method}: ${path}).`), replayed: false };
    let result: { status: number; answer: Obj };
    if (this.failNext && this.failNext.path.test(path)) {
      const { status, message } = this.failNext;
      this.failNext.times = (this.failNext.times ?? 1) - 1;
      if (this.failNext.times <= 0) this.failNext = undefined;
      result = this.#error(status, message, status >= 500 ? 'api_error' : 'invalid_request_error');
    } else {
      try {
        result = { status: 200, answer: route(body) };
      } catch (err) {
        if (!(err instanceof StripeFault)) throw err;
        result = this.#error(err.status, err.message, err.type, err.code);
      }
    }
    // The endpoint ran: its answer, whatever it was, is what this key gives for the next 24 hours.
    if (key) this.#idempotency.set(key, { method, path, params, status: result.status, body: result.answer, at: this.now });
    return { ...result, replayed: false };
  }

  #error(status: number, message: string, type = 'invalid_request_error', code?: string): { status: number; answer: Obj } {
    return { status, answer: { error: { type, message, ...(code ? { code } : {}) } } };
  }

  #route(method: string, path: string): ((body: Obj) => Obj) | undefined {
    const m = (re: RegExp) => re.exec(path);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return (b) => this.#createCustomer(b);
    if (method === 'POST' && path === '/v1/products') return (b) => this.#createProduct(b);
    if (method === 'POST' && path === '/v1/prices') return (b) => this.#createPrice(b);
    if (method === 'POST' && path === '/v1/checkout/sessions') return (b) => this.#createSession(b);
    if (method === 'POST' && path === '/v1/refunds') return (b) => this.#expand(this.#createRefund(b), b.expand);
    if (method === 'GET' && path === '/v1/invoice_payments') return (b) => this.#listInvoicePayments(b);
    if (method === 'GET' && path === '/v1/refunds') return (b) => this.#listRefunds(b);
    if (method === 'POST' && (match = m(/^\/v1\/invoices\/([^/]+)\/void$/))) {
      const id = match[1]!;
      return () => this.#voidInvoice(id);
    }
    if (method === 'GET' && path === '/v1/webhook_endpoints') {
      return () => {
        if (this.#restricted) throw new StripeFault(403, 'The provided key does not have the required permissions for this endpoint.', 'invalid_request_error');
        return list(this.webhookEndpoints, '/v1/webhook_endpoints');
      };
    }
    if (method === 'GET' && path === '/v1/account') return () => this.#account();
    if ((match = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = match[1]!;
      if (method === 'GET') return (b) => this.#expand(this.#get(id, 'subscription'), b.expand);
      if (method === 'POST') return (b) => this.#expand(this.#updateSubscription(id, b), b.expand);
      if (method === 'DELETE') {
        return () => {
          const sub = this.#get(id, 'subscription');
          if (sub.status === 'canceled') throw new StripeFault(400, `No such subscription: '${id}'`, 'invalid_request_error', 'resource_missing');
          return this.endSubscription(id);
        };
      }
    }
    if (method === 'GET' && (match = m(/^\/v1\/(checkout\/sessions|invoices|payment_intents|charges|refunds|customers|prices)\/([^/]+)$/))) {
      const type = { 'checkout/sessions': 'checkout.session', invoices: 'invoice', payment_intents: 'payment_intent', charges: 'charge', refunds: 'refund', customers: 'customer', prices: 'price' }[match[1]!]!;
      const id = match[2]!;
      return (b) => this.#expand(this.#get(id, type), b.expand);
    }
    return undefined;
  }

  #get(id: string, type: string): Obj {
    const found = this.#visible(id);
    if (!found || found.object !== type) throw new StripeFault(404, `No such ${type.replace('checkout.', '')}: '${id}'`, 'invalid_request_error', 'resource_missing');
    return found;
  }

  #store<T extends Obj>(obj: T): T {
    this.objects.set(obj.id, obj);
    this.#modeOf.set(obj.id, this.#mode);
    if ('livemode' in obj) (obj as Obj).livemode = this.#mode === 'live';
    return obj;
  }

  /** A stored object the current key's mode may see. */
  #visible(id: string | undefined): Obj | undefined {
    if (!id) return undefined;
    const found = this.objects.get(id);
    if (found && this.#modeOf.get(id) !== this.#mode) {
      throw new StripeFault(400, `No such ${found.object}: '${id}'; a similar object exists in ${this.#modeOf.get(id)} mode, but a ${this.#mode} mode key was used to make this request.`, 'invalid_request_error', 'resource_missing');
    }
    return found;
  }

  /** A copy of `obj` with the requested `expand[]` paths replaced by the objects they name. */
  #expand(obj: Obj, expand: unknown): Obj {
    const paths = Array.isArray(expand) ? (expand as string[]) : typeof expand === 'string' ? [expand] : [];
    const out = structuredClone(obj);
    for (const path of paths) {
      const segments = path.split('.');
      if (out.object === 'invoice' && segments[0] === 'payments') out.payments ??= this.#invoicePaymentList(out.id);
      if (out.object === 'list' && segments[0] === 'data') this.#expandPath(out, segments);
      else this.#expandPath(out, segments);
    }
    return out;
  }

  #expandPath(node: Obj, segments: string[]): void {
    const [head, ...rest] = segments;
    if (!head) return;
    if (node.object === 'list' && head === 'data') {
      for (const item of node.data) this.#expandPath(item, rest);
      return;
    }
    let value = node[head];
    if (typeof value === 'string' && this.objects.has(value)) {
      value = structuredClone(this.objects.get(value)!);
      node[head] = value;
    }
    if (isPlain(value) && rest.length > 0) this.#expandPath(value, rest);
  }

  #account(): Obj {
    return build('account', {
      id: 'acct_fake_reelsmith', business_profile: null, business_type: null, capabilities: null, charges_enabled: true, controller: null, country: 'US',
      created: this.now, default_currency: 'usd', details_submitted: true, email: null, external_accounts: null, future_requirements: null, metadata: {},
      payouts_enabled: true, requirements: null, settings: null, tos_acceptance: null, type: 'standard',
    });
  }

  #createCustomer(b: Obj): Obj {
    return this.#store(build('customer', { id: newId('cus'), created: this.now, email: b.email ?? null, name: b.name ?? null, metadata: b.metadata ?? {}, invoice_prefix: hex(4).toUpperCase() }));
  }

  #createProduct(b: Obj): Obj {
    return this.#store(build('product', { id: newId('prod'), created: this.now, updated: this.now, name: b.name, metadata: b.metadata ?? {} }));
  }

  #createPrice(b: Obj): Obj {
    if (!this.#visible(b.product)) throw new StripeFault(400, `No such product: '${b.product}'`);
    const amount = Number(b.unit_amount);
    return this.#store(
      build('price', {
        id: newId('price'),
        created: this.now,
        product: b.product,
        currency: b.currency,
        unit_amount: amount,
        unit_amount_decimal: String(amount),
        recurring: b.recurring ? { interval: b.recurring.interval, interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null } : null,
        type: b.recurring ? 'recurring' : 'one_time',
        metadata: b.metadata ?? {},
      }),
    );
  }

  #createSession(b: Obj): Obj {
    const price = this.#visible(b.line_items?.[0]?.price);
    if (!price) throw new StripeFault(400, `No such price: '${b.line_items?.[0]?.price}'`);
    if (b.customer && !this.#visible(b.customer)) throw new StripeFault(400, `No such customer: '${b.customer}'`);
    const id = `cs_test_${hex(16)}`;
    const amount = price.unit_amount * Number(b.line_items[0].quantity ?? 1);
    this.#sessionPrice.set(id, price.id);
    return this.#store(
      build('checkout.session', {
        id,
        created: this.now,
        expires_at: this.now + DAY,
        mode: b.mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        customer: b.customer ?? null,
        client_reference_id: b.client_reference_id ?? null,
        metadata: b.metadata ?? {},
        success_url: b.success_url,
        cancel_url: b.cancel_url,
        amount_subtotal: amount,
        amount_total: amount,
        currency: price.currency,
        subscription: null,
        payment_intent: null,
        invoice: null,
      }),
    );
  }

  /** GET /v1/refunds?charge=… or ?payment_intent=…: newest first, as Stripe lists. */
  #listRefunds(b: Obj): Obj {
    const refunds = [...this.objects.values()].filter(
      (o) => o.object === 'refund' && (!b.charge || o.charge === b.charge) && (!b.payment_intent || o.payment_intent === b.payment_intent),
    );
    return list(refunds.reverse().slice(0, Number(b.limit ?? 10)), '/v1/refunds');
  }

  #listInvoicePayments(b: Obj): Obj {
    const ids = b.invoice ? (this.#invoicePayments.get(b.invoice) ?? []) : [...this.#invoicePayments.values()].flat();
    return this.#expand(list(ids.map((id) => this.objects.get(id)!), '/v1/invoice_payments'), b.expand);
  }

  #invoicePaymentList(invoiceId: string): Obj {
    return list((this.#invoicePayments.get(invoiceId) ?? []).map((id) => structuredClone(this.objects.get(id)!)), `/v1/invoice_payments?invoice=${invoiceId}`);
  }

  // ---- money moving ----

  /** A card payment: a PaymentIntent and, unless it is still processing, its charge. */
  #pay(customer: string | null, amount: number, currency: string, outcome: 'succeeded' | 'declined' | 'processing'): { pi: Obj; charge: Obj | null } {
    const pi = this.#store(
      build('payment_intent', {
        id: newId('pi'), created: this.now, amount, amount_received: 0, currency, customer, status: 'processing', latest_charge: null, metadata: {},
        payment_method: newId('pm'), payment_method_types: ['card'],
      }),
    );
    if (outcome === 'processing') {
      pi.processing = { type: 'card' };
      return { pi, charge: null };
    }
    return { pi, charge: this.#attempt(pi, outcome === 'succeeded') };
  }

  /** One attempt at a PaymentIntent: a charge that succeeds or is declined. */
  #attempt(pi: Obj, succeeds: boolean): Obj {
    const charge = this.#store(
      build('charge', {
        id: newId('ch'), created: this.now, amount: pi.amount, amount_captured: succeeds ? pi.amount : 0, amount_refunded: 0, currency: pi.currency,
        customer: pi.customer, description: null, paid: succeeds, status: succeeds ? 'succeeded' : 'failed', payment_intent: pi.id,
        failure_code: succeeds ? null : 'card_declined', failure_message: succeeds ? null : 'Your card was declined.', refunded: false,
        receipt_url: `https://pay.stripe.test/receipts/${hex(8)}`, refunds: list([], `/v1/charges/${pi.id}/refunds`), payment_method: pi.payment_method,
        outcome: { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: succeeds ? 'authorized' : 'issuer_declined' },
      }),
    );
    pi.latest_charge = charge.id;
    pi.processing = null;
    pi.status = succeeds ? 'succeeded' : 'requires_payment_method';
    pi.amount_received = succeeds ? pi.amount : 0;
    pi.last_payment_error = succeeds ? null : { type: 'card_error' };
    return charge;
  }

  #takeDecline(): boolean {
    if (this.declineCharges <= 0) return false;
    this.declineCharges -= 1;
    return true;
  }

  #line(invoiceId: string, sub: Obj, values: { amount: number; description: string; start: number; end: number; proration: boolean; invoiceItem?: string | null }): Obj {
    const item = sub.items.data[0];
    return build('line_item', {
      id: newId('il'), invoice: invoiceId, amount: values.amount, subtotal: values.amount, currency: sub.currency, description: values.description,
      period: { start: values.start, end: values.end }, quantity: 1, subscription: null, metadata: {}, discount_amounts: [], discounts: [],
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: values.invoiceItem ?? null, proration: values.proration, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
      },
      pricing: { type: 'price_details', unit_amount_decimal: String(values.amount) },
    });
  }

  /** A finalised subscription invoice whose payment is attempted at once (charge_automatically). */
  #invoice(sub: Obj, reason: string, lines: (invoiceId: string) => Obj[], outcome: 'charge' | 'processing'): Obj {
    const id = newId('in');
    const data = lines(id);
    const total = Math.max(0, data.reduce((sum, l) => sum + l.amount, 0));
    const invoice = this.#store(
      build('invoice', {
        id, created: this.now, customer: sub.customer, currency: sub.currency, billing_reason: reason, collection_method: 'charge_automatically',
        amount_due: total, amount_paid: 0, amount_remaining: total, subtotal: total, subtotal_excluding_tax: total, total, total_excluding_tax: total,
        status: 'open', attempted: false, attempt_count: 0, description: null, effective_at: this.now, number: `${hex(4).toUpperCase()}-0001`,
        hosted_invoice_url: `https://invoice.stripe.test/i/${hex(8)}`, invoice_pdf: `https://invoice.stripe.test/pdf/${hex(8)}`,
        period_start: Math.min(...data.map((l) => l.period.start)), period_end: Math.max(...data.map((l) => l.period.end)),
        status_transitions: { finalized_at: this.now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
        lines: list(data, `/v1/invoices/${id}/lines`), metadata: {},
      }),
    );
    sub.latest_invoice = invoice.id;
    this.#emit('invoice.created', invoice);
    this.#emit('invoice.finalized', invoice);
    if (total === 0) {
      this.#markPaid(invoice);
      return invoice;
    }
    const { pi } = this.#pay(sub.customer, total, sub.currency, outcome === 'processing' ? 'processing' : this.#takeDecline() ? 'declined' : 'succeeded');
    const payment = this.#store(
      build('invoice_payment', {
        id: newId('inpay'), created: this.now, invoice: invoice.id, amount_requested: total, amount_paid: null, currency: sub.currency, is_default: true,
        livemode: false, status: 'open', payment: { type: 'payment_intent', payment_intent: pi.id }, status_transitions: { canceled_at: null, paid_at: null },
      }),
    );
    this.#invoicePayments.set(invoice.id, [payment.id]);
    if (outcome === 'processing') return invoice;
    invoice.attempted = true;
    invoice.attempt_count = 1;
    if (pi.status === 'succeeded') this.#markPaid(invoice);
    else this.#emit('invoice.payment_failed', invoice);
    return invoice;
  }

  #markPaid(invoice: Obj): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = this.now;
    for (const id of this.#invoicePayments.get(invoice.id) ?? []) {
      const payment = this.objects.get(id)!;
      payment.status = 'paid';
      payment.amount_paid = payment.amount_requested;
      payment.status_transitions.paid_at = this.now;
    }
    this.#emit('invoice.paid', invoice);
    this.#emit('invoice.payment_succeeded', invoice);
  }

  #newSubscription(session: Obj, price: Obj): Obj {
    const start = this.now;
    const end = addInterval(start, price.recurring?.interval ?? 'month');
    const id = newId('sub');
    const item = build('subscription_item', {
      id: newId('si'), created: start, price, quantity: 1, subscription: id, current_period_start: start, current_period_end: end, metadata: {}, discounts: [], tax_rates: [],
      plan: { ...stripeFixtures.subscription_item!.plan, id: price.id, amount: price.unit_amount, amount_decimal: String(price.unit_amount), billing_scheme: 'per_unit', created: price.created, currency: price.currency, interval: price.recurring?.interval ?? 'month', interval_count: 1, livemode: false, metadata: {}, product: price.product, transform_usage: null },
    });
    return this.#store(
      build('subscription', {
        id, created: start, start_date: start, billing_cycle_anchor: start, customer: session.customer, currency: price.currency, status: 'incomplete',
        metadata: session.metadata ?? {}, items: list([item], `/v1/subscription_items?subscription=${id}`), latest_invoice: null, livemode: false,
      }),
    );
  }

  // ---- what customers and the Dashboard do ----

  /**
   * The customer pays the checkout. A card pays at once; `delayed` is a bank debit whose outcome
   * comes days later (settleDelayedPayment). Subscription mode makes the subscription and its first invoice.
   */
  completeCheckout(sessionId: string, options: { delayed?: boolean } = {}): Obj {
    const session = this.objects.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const price = this.objects.get(this.#sessionPrice.get(sessionId)!)!;
    session.status = 'complete';
    if (session.mode === 'subscription') {
      const sub = this.#newSubscription(session, price);
      session.subscription = sub.id;
      this.#emit('customer.subscription.created', sub);
      const item = sub.items.data[0];
      const invoice = this.#invoice(
        sub, 'subscription_create',
        (invoiceId) => [this.#line(invoiceId, sub, { amount: price.unit_amount, description: `1 × ${price.product} (at $${price.unit_amount / 100} / ${price.recurring.interval})`, start: item.current_period_start, end: item.current_period_end, proration: false })],
        options.delayed ? 'processing' : 'charge',
      );
      session.invoice = invoice.id;
      if (invoice.status === 'paid') {
        sub.status = 'active';
        this.#emit('customer.subscription.updated', sub);
      }
      session.payment_status = invoice.status === 'paid' ? 'paid' : 'unpaid';
    } else {
      const { pi } = this.#pay(session.customer, session.amount_total, session.currency, options.delayed ? 'processing' : 'succeeded');
      session.payment_intent = pi.id;
      session.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
    }
    this.#emit('checkout.session.completed', session);
    return session;
  }

  /** The delayed payment of a completed checkout clears, or fails. */
  settleDelayedPayment(sessionId: string, succeeded: boolean): Obj {
    const session = this.objects.get(sessionId)!;
    if (session.mode === 'subscription') {
      const sub = this.objects.get(session.subscription)!;
      const invoice = this.objects.get(session.invoice)!;
      const pi = this.objects.get(this.objects.get(this.#invoicePayments.get(invoice.id)![0]!)!.payment.payment_intent)!;
      this.#attempt(pi, succeeded);
      invoice.attempted = true;
      invoice.attempt_count = 1;
      if (succeeded) {
        this.#markPaid(invoice);
        sub.status = 'active';
      } else {
        this.#emit('invoice.payment_failed', invoice);
        sub.status = 'incomplete_expired';
      }
      this.#emit('customer.subscription.updated', sub);
    } else {
      this.#attempt(this.objects.get(session.payment_intent)!, succeeded);
    }
    session.payment_status = succeeded ? 'paid' : 'unpaid';
    this.#emit(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session);
    return session;
  }

  /**
   * The next billing period: pending proration items first, then the subscription line for the new
   * period, as Stripe orders an invoice's lines. A declined card leaves the invoice open and the
   * subscription past_due.
   */
  renew(subscriptionId: string): Obj {
    const sub = this.objects.get(subscriptionId)!;
    const item = sub.items.data[0];
    const start = item.current_period_end;
    const end = addInterval(start, item.price.recurring.interval);
    item.current_period_start = start;
    item.current_period_end = end;
    if (sub.status === 'trialing') {
      sub.status = 'active';
      sub.trial_end = null;
    }
    const pending = this.#pendingItems.get(sub.id) ?? [];
    this.#pendingItems.delete(sub.id);
    const invoice = this.#invoice(sub, 'subscription_cycle', (invoiceId) => [
      ...pending.map((ii) => this.#line(invoiceId, sub, { amount: ii.amount, description: ii.description, start: ii.period.start, end: ii.period.end, proration: true, invoiceItem: ii.id })),
      this.#line(invoiceId, sub, { amount: item.price.unit_amount, description: `1 × ${item.price.product}`, start, end, proration: false }),
    ], 'charge');
    if (invoice.status !== 'paid') sub.status = 'past_due';
    this.#emit('customer.subscription.updated', sub);
    return invoice;
  }

  /** A later attempt at an open invoice succeeds (Smart Retries, or the customer's new card). */
  payInvoice(invoiceId: string): Obj {
    const invoice = this.objects.get(invoiceId)!;
    if (invoice.status !== 'open') throw new Error(`invoice ${invoiceId} is ${invoice.status}: Stripe does not retry it`);
    const pi = this.objects.get(this.objects.get(this.#invoicePayments.get(invoice.id)![0]!)!.payment.payment_intent)!;
    this.#attempt(pi, true);
    invoice.attempt_count += 1;
    this.#markPaid(invoice);
    const sub = this.objects.get(invoice.parent.subscription_details.subscription)!;
    if (sub.pending_update) {
      // A paid pending update is applied now.
      sub.items.data[0].price = this.objects.get(sub.pending_update.subscription_items[0].price)!;
      sub.pending_update = null;
    }
    sub.status = 'active';
    this.#emit('customer.subscription.updated', sub);
    return invoice;
  }

  /** 23 hours after a declined plan change, Stripe drops its pending update; the invoice stays open. */
  expirePendingUpdate(subscriptionId: string): Obj {
    const sub = this.objects.get(subscriptionId)!;
    sub.pending_update = null;
    this.#emit('customer.subscription.pending_update_expired', sub);
    return sub;
  }

  /** POST /v1/invoices/:id/void — only an open invoice can be voided. */
  #voidInvoice(id: string): Obj {
    const invoice = this.#get(id, 'invoice');
    if (invoice.status !== 'open') throw new StripeFault(400, `You can only pass in open invoices. This invoice isn't open.`, 'invalid_request_error', 'invoice_not_open');
    invoice.status = 'void';
    invoice.status_transitions = { ...invoice.status_transitions, voided_at: this.now };
    this.#emit('invoice.voided', invoice);
    return invoice;
  }

  /** A webhook endpoint set up in the Dashboard. */
  addWebhookEndpoint(values: { url: string; enabled_events: string[]; api_version?: string | null; status?: 'enabled' | 'disabled' }): Obj {
    const endpoint = build('webhook_endpoint', {
      id: newId('we'), created: this.now, description: null, metadata: {}, livemode: false, application: null, api_version: values.api_version ?? null,
      enabled_events: values.enabled_events, status: values.status ?? 'enabled', url: values.url,
    });
    this.webhookEndpoints.push(endpoint);
    return endpoint;
  }

  /** A change made in the Dashboard, under the API's rules (form-style values: 'true', numbers as strings). */
  dashboardUpdate(subscriptionId: string, params: Obj): Obj {
    return this.#updateSubscription(subscriptionId, params);
  }

  /** A refund made in the Dashboard: Stripe refunds the charge and sends charge.refunded. */
  dashboardRefund(chargeId: string, amount: number): Obj {
    return this.#createRefund({ charge: chargeId, amount: String(amount) });
  }

  /** A pending refund settles (or fails, and the money stays with us). */
  settleRefund(refundId: string, succeeded: boolean): Obj {
    const refund = this.objects.get(refundId)!;
    const charge = this.objects.get(refund.charge)!;
    refund.status = succeeded ? 'succeeded' : 'failed';
    if (!succeeded) {
      charge.amount_refunded -= refund.amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      this.#emit('refund.failed', refund);
    }
    this.#emit('refund.updated', refund);
    return refund;
  }

  /** The subscription is cancelled for good (the period ran out after cancel_at_period_end, or at once). */
  endSubscription(subscriptionId: string): Obj {
    const sub = this.objects.get(subscriptionId)!;
    sub.status = 'canceled';
    sub.ended_at = this.now;
    sub.canceled_at ??= this.now;
    this.#emit('customer.subscription.deleted', sub);
    return sub;
  }

  #createRefund(b: Obj): Obj {
    const pi = b.payment_intent ? this.objects.get(b.payment_intent) : undefined;
    if (b.payment_intent && !pi) throw new StripeFault(400, `No such payment_intent: '${b.payment_intent}'`, 'invalid_request_error', 'resource_missing');
    const charge = this.objects.get(pi ? pi.latest_charge : b.charge);
    if (!charge || charge.object !== 'charge') throw new StripeFault(400, `No such charge: '${b.charge ?? pi?.latest_charge}'`, 'invalid_request_error', 'resource_missing');
    if (charge.status !== 'succeeded') throw new StripeFault(400, `Charge ${charge.id} has not been captured or has failed.`, 'invalid_request_error', 'charge_not_refundable');
    const remaining = charge.amount - charge.amount_refunded;
    const amount = b.amount !== undefined ? Number(b.amount) : remaining;
    if (remaining <= 0) throw new StripeFault(400, `Charge ${charge.id} has already been refunded.`, 'invalid_request_error', 'charge_already_refunded');
    if (amount > remaining) throw new StripeFault(400, `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${remaining / 100})`, 'invalid_request_error', 'amount_too_large');
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    const refund = this.#store(
      build('refund', {
        id: newId('re'), created: this.now, amount, currency: charge.currency, charge: charge.id, payment_intent: charge.payment_intent,
        status: this.refundsPending ? 'pending' : 'succeeded', reason: b.reason ?? null, metadata: b.metadata ?? {},
      }),
    );
    this.#emit('refund.created', refund);
    this.#emit('charge.refunded', charge);
    return refund;
  }

  #updateSubscription(id: string, b: Obj): Obj {
    const sub = this.#get(id, 'subscription');
    if (b.payment_behavior === 'pending_if_incomplete') {
      const unsupported = Object.keys(b).filter((k) => !pendingUpdateParams.has(k));
      if (unsupported.length > 0) {
        throw new StripeFault(400, `The following parameters are not supported with payment_behavior=pending_if_incomplete: ${unsupported.join(', ')}.`, 'invalid_request_error', 'parameter_invalid');
      }
    }
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new StripeFault(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    const item = sub.items.data[0];
    if (b.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = b.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? item.current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.now : null;
    }
    if (b.trial_end !== undefined) {
      const trialEnd = Number(b.trial_end);
      sub.trial_start = this.now;
      sub.trial_end = trialEnd;
      item.current_period_start = this.now;
      item.current_period_end = trialEnd;
      sub.status = 'trialing';
      if (sub.cancel_at_period_end) sub.cancel_at = trialEnd;
    }
    if (b.metadata) sub.metadata = { ...sub.metadata, ...b.metadata };
    const newPriceId = b.items?.[0]?.price;
    if (newPriceId) {
      const price = this.objects.get(newPriceId);
      if (!price) throw new StripeFault(400, `No such price: '${newPriceId}'`, 'invalid_request_error', 'resource_missing');
      if (b.items[0].id !== item.id) throw new StripeFault(400, `No such subscription item: '${b.items[0].id}'`);
      this.#changePrice(sub, price, b.proration_behavior ?? 'create_prorations', b.payment_behavior ?? 'allow_incomplete');
    }
    this.#emit('customer.subscription.updated', sub);
    return sub;
  }

  /** A price change mid-period: prorations for the unused time, invoiced now or at the next renewal. */
  #changePrice(sub: Obj, price: Obj, proration: string, paymentBehavior: string): void {
    const item = sub.items.data[0];
    const old = item.price;
    const { current_period_start: start, current_period_end: end } = item;
    const left = Math.max(0, Math.min(1, (end - this.now) / Math.max(1, end - start)));
    const credit = -Math.round(old.unit_amount * left);
    const debit = Math.round(price.unit_amount * left);
    const items = [
      { amount: credit, description: `Unused time on ${old.product} after ${new Date(this.now * 1000).toDateString()}` },
      { amount: debit, description: `Remaining time on ${price.product} after ${new Date(this.now * 1000).toDateString()}` },
    ].map((p) =>
      build('invoiceitem', {
        id: newId('ii'), customer: sub.customer, currency: sub.currency, amount: p.amount, net_amount: p.amount, description: p.description, date: this.now,
        period: { start: this.now, end }, proration: true, invoice: null, metadata: {}, discounts: [], tax_rates: [],
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
        pricing: { type: 'price_details', unit_amount_decimal: String(p.amount) },
      }),
    );
    if (proration === 'none') {
      item.price = price;
      return;
    }
    if (proration === 'create_prorations') {
      this.#pendingItems.set(sub.id, [...(this.#pendingItems.get(sub.id) ?? []), ...items]);
      item.price = price;
      return;
    }
    // always_invoice: the prorations are invoiced and charged now.
    const pending = [...(this.#pendingItems.get(sub.id) ?? []), ...items];
    this.#pendingItems.delete(sub.id);
    const invoice = this.#invoice(sub, 'subscription_update', (invoiceId) =>
      pending.map((ii) => this.#line(invoiceId, sub, { amount: ii.amount, description: ii.description, start: ii.period.start, end: ii.period.end, proration: true, invoiceItem: ii.id })), 'charge');
    if (invoice.status === 'paid') {
      item.price = price;
      sub.pending_update = null;
    } else if (paymentBehavior === 'pending_if_incomplete') {
      sub.pending_update = { billing_cycle_anchor: null, discount: null, discounts: null, expires_at: this.now + 23 * 3600, subscription_items: [{ id: item.id, price: price.id }], trial_end: null, trial_from_plan: null, metadata: null };
    } else {
      item.price = price;
      sub.status = 'past_due';
    }
  }

  // ---- events ----

  #emit(type: string, object: Obj): Obj {
    this.now += 1;
    const event = build('event', {
      id: newId('evt'), type, api_version: Stripe.API_VERSION, created: this.now, livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, data: { object: structuredClone(object) },
    });
    this.events.push(event);
    return event;
  }

  /** The events of a type, oldest first (optionally about one object id). */
  eventsOf(type: string, objectId?: string): Obj[] {
    return this.events.filter((e) => e.type === type && (!objectId || e.data.object.id === objectId));
  }

  /** The newest event of a type (optionally about one object id). */
  lastEvent(type: string, objectId?: string): Obj {
    const found = this.eventsOf(type, objectId).at(-1);
    if (!found) throw new Error(`fake Stripe sent no ${type}${objectId ? ` for ${objectId}` : ''}`);
    return found;
  }

  /** A signed webhook delivery of an event: the raw payload and its stripe-signature header. */
  sign(event: Obj, secret = this.webhookSecret): { payload: string; signature: string; id: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: this.#signer.webhooks.generateTestHeaderString({ payload, secret }), id: event.id };
  }

  /** An event made up by a test (another environment's session, a hand-edited object), signed. */
  signedEvent(type: string, object: Obj, id = newId('evt')): { payload: string; signature: string; id: string } {
    const event = build('event', { id, type, api_version: Stripe.API_VERSION, created: this.now, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });
    return this.sign(event);
  }

  /** Posts an event to our webhook as Stripe would (any event, any time, as often as a test likes). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- open-ended JSON (Stripe objects, API answers) read field by field in tests
  async deliver(app: Webhookable, event: Obj): Promise<{ statusCode: number; body: any }> {
    const { payload, signature } = this.sign(event);
    const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    return { statusCode: res.statusCode, body: res.json() };
  }

  /** Kept for older tests: a renewal invoice, paid or declined, as its invoice event carries it. */
  invoiceFor(subscriptionId: string, options: { paid: boolean; reason?: string }): Obj {
    if (options.reason !== 'subscription_cycle') throw new Error('invoiceFor makes renewals only; the first invoice comes with completeCheckout');
    if (!options.paid) this.declineCharges += 1;
    const invoice = this.renew(subscriptionId);
    return structuredClone(invoice);
  }
}

/** An error answer of the API (a 4xx with Stripe's error body). */
class StripeFault extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  constructor(status: number, message: string, type = 'invalid_request_error', code?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
  }
}
