import { describe, expect, it } from 'vitest';
import { isApiKey, newApiKey, shouldRecordUse, shownPrefix } from './api-key-secret.ts';

describe('API key secrets', () => {
  it('are rsk_ and 32 random URL-safe bytes, never the same twice', () => {
    const keys = new Set(Array.from({ length: 50 }, newApiKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^rsk_[A-Za-z0-9_-]{43}$/);
  });

  it('show their first ten characters only', () => {
    expect(shownPrefix('rsk_ab12cdEFGHIJ')).toBe('rsk_ab12cd');
  });

  it('are told from admin tokens by their prefix', () => {
    expect(isApiKey(newApiKey())).toBe(true);
    expect(isApiKey('Zm9vYmFy0123456789abcdefghijklmnopqrstuvwxyz')).toBe(false);
    expect(isApiKey('RSK_upper')).toBe(false);
  });

  it('record a use at most once a minute', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(shouldRecordUse(null, now)).toBe(true);
    expect(shouldRecordUse(new Date(now.getTime() - 59_999), now)).toBe(false);
    expect(shouldRecordUse(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
