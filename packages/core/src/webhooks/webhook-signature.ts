import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The Standard Webhooks scheme (standardwebhooks.com): the secret is `whsec_` + base64 of the key,
// the signed content is `{id}.{timestamp}.{body}`, the signature `v1,` + base64 HMAC-SHA256.

export const webhookSecretPrefix = 'whsec_';
/** Receivers refuse a timestamp further than this from their clock (the reference libraries' tolerance). */
export const webhookTimestampToleranceSeconds = 5 * 60;

/** A new endpoint secret: `whsec_` + 32 random bytes, base64. */
export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`;
}

/** A new message id (`webhook-id`), kept across every attempt of the event so receivers can de-duplicate. */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(webhookSecretPrefix) ? secret.slice(webhookSecretPrefix.length) : secret, 'base64');
}

/** The `webhook-signature` value of a message: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookHeaders(secret: string, messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, messageId, timestampSeconds, body),
  };
}

/**
 * Checks a received message as the reference libraries do: the timestamp within the tolerance of
 * `nowSeconds`, and one of the space-separated `v1,` signatures equal to the recomputed one
 * (compared in constant time). Used by our tests' receivers; integrators use their own library.
 */
export function verifyWebhook(secret: string, headers: { id?: string | undefined; timestamp?: string | undefined; signature?: string | undefined }, body: string, nowSeconds: number): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  const sent = Number(timestamp);
  if (Math.abs(nowSeconds - sent) > webhookTimestampToleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, sent, body).slice(3), 'base64');
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
