import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, webhookOutboundPolicy, webhookRetryDelay, webhookSchemeAllowed } from './webhook-settings.ts';

describe('webhook settings', () => {
  it('retry after about 5 s, 5 min, 30 min, 2 h and 5 h, then give up', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => webhookRetryDelay(DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, attempt))).toEqual([5, 300, 1800, 7200, 18000, null]);
    expect(webhookRetryDelay([1, 1], 3)).toBeNull();
  });

  it('allow http only to loopback, and only where loopback is allowed', () => {
    expect(webhookSchemeAllowed(new URL('https://hooks.example.com/x'), { allowLoopback: false })).toBe(true);
    expect(webhookSchemeAllowed(new URL('http://hooks.example.com/x'), { allowLoopback: true })).toBe(false);
    expect(webhookSchemeAllowed(new URL('http://127.0.0.1:8080/x'), { allowLoopback: true })).toBe(true);
    expect(webhookSchemeAllowed(new URL('http://[::1]:8080/x'), { allowLoopback: true })).toBe(true);
    expect(webhookSchemeAllowed(new URL('http://127.0.0.1:8080/x'), { allowLoopback: false })).toBe(false);
  });

  it('follow no redirect and let loopback through only where allowed', () => {
    expect(webhookOutboundPolicy({ allowLoopback: false, allowHosts: [] })).toEqual({ allowHosts: [], maxRedirects: 0 });
    expect(webhookOutboundPolicy({ allowLoopback: true, allowHosts: ['fake:1'] }).allowHosts).toEqual(['fake:1', 'localhost', '127.0.0.1', '[::1]']);
  });
});
