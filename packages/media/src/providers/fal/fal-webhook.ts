// fal's webhook signature (https://docs.fal.ai/model-endpoints/webhooks, "Verifying your webhook"):
// ED25519 over the newline-joined X-Fal-Webhook-Request-Id, X-Fal-Webhook-User-Id,
// X-Fal-Webhook-Timestamp (seconds) and the SHA-256 hex of the raw body; X-Fal-Webhook-Signature is
// hex; the public keys are fal's JWKS (OKP / Ed25519), which fal says may be cached up to 24 hours.
import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { headerValue, WEBHOOK_TOLERANCE_SECONDS, type WebhookHeaders, type WebhookVerdict } from '../webhooks/webhook-verdict.ts';

export const FAL_DEFAULT_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

/** The Ed25519 keys of a JWKS document (others are skipped). */
export function falKeysFromJwks(jwks: unknown): KeyObject[] {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return [];
  const found: KeyObject[] = [];
  for (const jwk of keys as JsonWebKey[]) {
    if (jwk?.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') continue;
    try {
      found.push(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }));
    } catch {
      // A malformed key is skipped; the others may still verify.
    }
  }
  return found;
}

/** Checks a callback's signature and age against fal's public keys; pure (the clock is a parameter). */
export function verifyFalWebhook(input: { headers: WebhookHeaders; body: Buffer; keys: readonly KeyObject[]; nowSeconds: number }): WebhookVerdict {
  const requestId = headerValue(input.headers, 'x-fal-webhook-request-id');
  const userId = headerValue(input.headers, 'x-fal-webhook-user-id');
  const timestamp = headerValue(input.headers, 'x-fal-webhook-timestamp');
  const signature = headerValue(input.headers, 'x-fal-webhook-signature');
  if (!requestId || !userId || !timestamp || !signature) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(input.nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  if (!/^[0-9a-f]{128}$/i.test(signature)) return { ok: false, reason: 'bad_signature' };
  const message = Buffer.from([requestId, userId, timestamp, createHash('sha256').update(input.body).digest('hex')].join('\n'));
  const bytes = Buffer.from(signature, 'hex');
  return input.keys.some((key) => verify(null, message, key, bytes)) ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

/**
 * fal's public keys from its JWKS URL, kept for 24 hours; read again (at most once a minute) when a
 * signature does not match, in case fal rotated its keys.
 */
export class FalWebhookVerifier {
  readonly #jwksUrl: string;
  readonly #now: () => number;
  #keys: Promise<KeyObject[]> | undefined;
  #readAt = 0;

  constructor(jwksUrl: string, now: () => number = Date.now) {
    this.#jwksUrl = jwksUrl;
    this.#now = now;
  }

  async verify(headers: WebhookHeaders, body: Buffer): Promise<WebhookVerdict> {
    const check = async () => verifyFalWebhook({ headers, body, keys: await this.#readKeys(), nowSeconds: Math.floor(this.#now() / 1000) });
    const verdict = await check();
    if (verdict.ok || verdict.reason !== 'bad_signature' || this.#now() - this.#readAt < 60_000) return verdict;
    this.#keys = undefined;
    return check();
  }

  #readKeys(): Promise<KeyObject[]> {
    if (this.#keys && this.#now() - this.#readAt > 24 * 3600_000) this.#keys = undefined;
    if (!this.#keys) {
      this.#readAt = this.#now();
      const keys = fetch(this.#jwksUrl, { signal: AbortSignal.timeout(10_000) }).then(async (response) => {
        if (!response.ok) throw new Error(`fal JWKS answered ${response.status}`);
        const found = falKeysFromJwks(await response.json());
        if (found.length === 0) throw new Error('fal JWKS holds no Ed25519 key');
        return found;
      });
      this.#keys = keys;
      // A failed read is not kept: the next callback asks again.
      keys.catch(() => {
        if (this.#keys === keys) this.#keys = undefined;
      });
    }
    return this.#keys;
  }
}
