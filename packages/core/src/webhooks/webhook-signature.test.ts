import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookMessageId, newWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.ts';

describe('Standard Webhooks signatures', () => {
  it("match the specification's published vector (standard-webhooks libraries/javascript webhook.test.ts, 'sign function works')", () => {
    const signature = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('sign the id, timestamp and body with the base64-decoded key', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(32);
    const body = '{"type":"generation.succeeded","data":{"name":"Zoë ✓"}}';
    const independent = createHmac('sha256', key).update(`msg_1.1700000000.${body}`).digest('base64');
    expect(signWebhook(secret, 'msg_1', 1700000000, body)).toBe(`v1,${independent}`);
  });

  it('verify as the reference libraries do: any matching v1 entry, within five minutes', () => {
    const secret = newWebhookSecret();
    const id = newWebhookMessageId();
    const now = 1_800_000_000;
    const body = '{"a":1}';
    const signature = signWebhook(secret, id, now, body);
    const headers = { id, timestamp: String(now), signature: `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= ${signature}` };
    expect(verifyWebhook(secret, headers, body, now + 299)).toBe(true);
    expect(verifyWebhook(secret, headers, body, now + 301)).toBe(false);
    expect(verifyWebhook(secret, headers, body, now - 301)).toBe(false);
    expect(verifyWebhook(secret, headers, '{"a":2}', now)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body, now)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, id: 'msg_other' }, body, now)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, signature: signature.slice(0, 8) }, body, now)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, timestamp: 'hello' }, body, now)).toBe(false);
  });

  it('give every message its own id', () => {
    const ids = new Set(Array.from({ length: 50 }, newWebhookMessageId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
  });
});
