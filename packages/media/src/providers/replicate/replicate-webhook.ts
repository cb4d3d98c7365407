// Replicate's webhook signature (https://replicate.com/docs/topics/webhooks/verify-webhook), the
// Standard Webhooks scheme: headers webhook-id, webhook-timestamp (seconds) and webhook-signature
// (space-separated "v1,<base64>" entries); HMAC-SHA256 over "<id>.<timestamp>.<raw body>" with the
// account's signing secret (GET /v1/webhooks/default/secret answers { key: "whsec_<base64>" }).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReplicateConfig } from '../provider-config.ts';
import { errorFromResponse } from '../provider-error.ts';
import { headerValue, WEBHOOK_TOLERANCE_SECONDS, type WebhookHeaders, type WebhookVerdict } from '../webhooks/webhook-verdict.ts';

/** The HMAC key of a whsec_ secret (base64 after the prefix); empty when it is not one. */
function signingKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
}

/** Checks a callback's signature and age; pure (the clock is a parameter). */
export function verifyReplicateWebhook(input: { headers: WebhookHeaders; body: Buffer; secret: string; nowSeconds: number }): WebhookVerdict {
  const id = headerValue(input.headers, 'webhook-id');
  const timestamp = headerValue(input.headers, 'webhook-timestamp');
  const signatures = headerValue(input.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(input.nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const key = signingKey(input.secret);
  if (key.length === 0) return { ok: false, reason: 'bad_signature' };
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(input.body).digest();
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',', 2);
    if (version !== 'v1' || !encoded) continue;
    const given = Buffer.from(encoded, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: 'bad_signature' };
}

/**
 * The account's signing secret, read from Replicate once and kept; read again (at most once a minute)
 * when a signature does not match, in case it was rotated.
 */
export class ReplicateWebhookVerifier {
  readonly #config: ReplicateConfig;
  readonly #now: () => number;
  #secret: Promise<string> | undefined;
  #readAt = 0;

  constructor(config: ReplicateConfig, now: () => number = Date.now) {
    this.#config = config;
    this.#now = now;
  }

  async verify(headers: WebhookHeaders, body: Buffer): Promise<WebhookVerdict> {
    const check = async () => verifyReplicateWebhook({ headers, body, secret: await this.#readSecret(), nowSeconds: Math.floor(this.#now() / 1000) });
    const verdict = await check();
    if (verdict.ok || verdict.reason !== 'bad_signature' || this.#now() - this.#readAt < 60_000) return verdict;
    this.#secret = undefined;
    return check();
  }

  #readSecret(): Promise<string> {
    if (!this.#secret) {
      this.#readAt = this.#now();
      const url = `${this.#config.baseUrl.replace(/\/$/, '')}/v1/webhooks/default/secret`;
      const secret = fetch(url, { headers: { authorization: `Bearer ${this.#config.apiKey}` }, signal: AbortSignal.timeout(10_000) }).then(async (response) => {
        if (!response.ok) throw await errorFromResponse('replicate', response);
        const { key } = (await response.json()) as { key?: unknown };
        if (typeof key !== 'string' || !key) throw new Error('Replicate answered no webhook signing secret');
        return key;
      });
      this.#secret = secret;
      // A failed read is not kept: the next callback asks again.
      secret.catch(() => {
        if (this.#secret === secret) this.#secret = undefined;
      });
    }
    return this.#secret;
  }
}
