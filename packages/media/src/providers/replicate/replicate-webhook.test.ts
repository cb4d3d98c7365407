import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReplicateWebhook } from './replicate-webhook.ts';

// Vectors computed here with node:crypto as Replicate documents them: HMAC-SHA256 over
// "<webhook-id>.<webhook-timestamp>.<raw body>" keyed by the base64 after "whsec_".
const key = randomBytes(24);
const secret = `whsec_${key.toString('base64')}`;
const now = 1_790_000_000;
const body = Buffer.from(JSON.stringify({ id: 'pred-1', status: 'succeeded', output: 'https://replicate.delivery/x.mp4' }));

function sign(id: string, timestamp: number, payload: Buffer, withKey = key): string {
  return createHmac('sha256', withKey).update(`${id}.${timestamp}.`).update(payload).digest('base64');
}

function headers(overrides: Record<string, string | undefined> = {}) {
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': `v1,${sign('msg_1', now, body)}`, ...overrides };
}

describe('verifyReplicateWebhook', () => {
  it('accepts the documented signature, also among several space-separated entries', () => {
    expect(verifyReplicateWebhook({ headers: headers(), body, secret, nowSeconds: now })).toEqual({ ok: true });
    const several = `v1,${sign('msg_1', now, body, randomBytes(24))} v2,whatever v1,${sign('msg_1', now, body)}`;
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-signature': several }), body, secret, nowSeconds: now + 299 })).toEqual({ ok: true });
  });

  it('refuses a wrong key, a tampered body or id, and a non-v1 entry', () => {
    expect(verifyReplicateWebhook({ headers: headers(), body, secret: `whsec_${randomBytes(24).toString('base64')}`, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    const tampered = Buffer.from(body.toString().replace('succeeded', 'failed'));
    expect(verifyReplicateWebhook({ headers: headers(), body: tampered, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-id': 'msg_2' }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-signature': `v2,${sign('msg_1', now, body)}` }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyReplicateWebhook({ headers: headers(), body, secret: 'whsec_not base64!', nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a timestamp more than five minutes off, either way, even when correctly signed', () => {
    const stale = now - 301;
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-timestamp': String(stale), 'webhook-signature': `v1,${sign('msg_1', stale, body)}` }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'stale' });
    const future = now + 301;
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-timestamp': String(future), 'webhook-signature': `v1,${sign('msg_1', future, body)}` }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyReplicateWebhook({ headers: headers({ 'webhook-timestamp': '1e9' }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses missing or repeated headers', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(verifyReplicateWebhook({ headers: headers({ [name]: undefined }), body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'missing_headers' });
    }
    expect(verifyReplicateWebhook({ headers: { ...headers(), 'webhook-id': ['msg_1', 'msg_1'] }, body, secret, nowSeconds: now })).toEqual({ ok: false, reason: 'missing_headers' });
  });
});
