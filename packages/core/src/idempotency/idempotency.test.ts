import { describe, expect, it } from 'vitest';
import { canonicalJson, idempotencyMessages, parseIdempotencyKey, requestFingerprint } from './idempotency.ts';

describe('parseIdempotencyKey', () => {
  it('reads a bare key (Stripe) and the draft\'s Structured Field string alike', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toEqual({ key: '8e03978e-40d5-43e8-bc93-6894a57f9324' });
    expect(parseIdempotencyKey('"8e03978e-40d5"')).toEqual({ key: '8e03978e-40d5' });
    expect(parseIdempotencyKey('"a, b"')).toEqual({ key: 'a, b' });
    expect(parseIdempotencyKey('k'.repeat(255))).toEqual({ key: 'k'.repeat(255) });
  });
  it.each([['empty', ''], ['spaces', '   '], ['256 characters', 'k'.repeat(256)], ['a tab', 'a\tb'], ['a control character', 'a\u0001b'], ['non-ASCII', 'café'], ['a bare quote', '"open'], ['a repeated header', 'one, two'], ['an empty quoted key', '""']])(
    'refuses %s',
    (_what, header) => {
      expect(parseIdempotencyKey(header)).toEqual({ error: idempotencyMessages.invalidKey });
    },
  );
  it('refuses a header sent twice', () => {
    expect(parseIdempotencyKey(['one', 'two'])).toEqual({ error: idempotencyMessages.invalidKey });
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same body in another key order, and differs for another body or query', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"x":2,"y":1}]},"b":1}');
    expect(requestFingerprint({ title: 'A', reelTime: 20 })).toBe(requestFingerprint({ reelTime: 20, title: 'A' }));
    expect(requestFingerprint({ title: 'A' })).not.toBe(requestFingerprint({ title: 'B' }));
    expect(requestFingerprint({ title: 'A' }, { page: '1' })).not.toBe(requestFingerprint({ title: 'A' }));
    expect(requestFingerprint(undefined)).toBe(requestFingerprint(null));
    expect(requestFingerprint({})).toMatch(/^[0-9a-f]{64}$/);
  });
});
