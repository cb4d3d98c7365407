import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { falKeysFromJwks, verifyFalWebhook } from './fal-webhook.ts';

// Vectors computed here with node:crypto as fal documents them: ED25519 over the newline-joined
// request id, user id, timestamp and SHA-256 hex of the raw body; the signature in hex; public keys
// as a JWKS of OKP / Ed25519 keys.
const signer = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const jwks = { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }, { ...other.publicKey.export({ format: 'jwk' }), kid: 'old' }, { ...signer.publicKey.export({ format: 'jwk' }), kid: 'current' }] };
const keys = falKeysFromJwks(jwks);
const now = 1_790_000_000;
const body = Buffer.from(JSON.stringify({ request_id: 'req-1', gateway_request_id: 'req-1', status: 'OK', payload: { video: { url: 'https://fal.media/x.mp4' } } }));

function signed(payload: Buffer, timestamp: number, key: KeyObject = signer.privateKey, requestId = 'req-1'): string {
  const message = [requestId, 'user-1', String(timestamp), createHash('sha256').update(payload).digest('hex')].join('\n');
  return sign(null, Buffer.from(message), key).toString('hex');
}

function headers(overrides: Record<string, string | undefined> = {}) {
  return { 'x-fal-webhook-request-id': 'req-1', 'x-fal-webhook-user-id': 'user-1', 'x-fal-webhook-timestamp': String(now), 'x-fal-webhook-signature': signed(body, now), ...overrides };
}

describe('verifyFalWebhook', () => {
  it('reads the Ed25519 keys of a JWKS and accepts a signature by any of them', () => {
    expect(keys).toHaveLength(2);
    expect(verifyFalWebhook({ headers: headers(), body, keys, nowSeconds: now })).toEqual({ ok: true });
    expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-signature': signed(body, now, other.privateKey) }), body, keys, nowSeconds: now - 299 })).toEqual({ ok: true });
  });

  it('refuses a wrong key, a tampered body, another request id or user id, and a malformed signature', () => {
    const stranger = generateKeyPairSync('ed25519');
    expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-signature': signed(body, now, stranger.privateKey) }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyFalWebhook({ headers: headers(), body: Buffer.from(body.toString().replace('"OK"', '"ERROR"')), keys, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-request-id': 'req-2' }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-user-id': 'user-2' }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-signature': 'zz'.repeat(64) }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyFalWebhook({ headers: headers(), body, keys: [], nowSeconds: now })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a timestamp more than five minutes off, even when correctly signed', () => {
    for (const at of [now - 301, now + 301]) {
      expect(verifyFalWebhook({ headers: headers({ 'x-fal-webhook-timestamp': String(at), 'x-fal-webhook-signature': signed(body, at) }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'stale' });
    }
  });

  it('refuses missing headers', () => {
    for (const name of ['x-fal-webhook-request-id', 'x-fal-webhook-user-id', 'x-fal-webhook-timestamp', 'x-fal-webhook-signature']) {
      expect(verifyFalWebhook({ headers: headers({ [name]: undefined }), body, keys, nowSeconds: now })).toEqual({ ok: false, reason: 'missing_headers' });
    }
  });
});
