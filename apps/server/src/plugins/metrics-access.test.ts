import { describe, expect, it } from 'vitest';
import { bearerMatches, isLoopbackPeer, metricsAccess, metricsExposure, tokenDigest } from './metrics-access.ts';

const token = 'metrics-token-0123456789abcdef';
const expected = tokenDigest(token);

describe('metricsExposure', () => {
  it('serves on its own port when METRICS_PORT is set, token or not', () => {
    expect(metricsExposure({ token: undefined, port: 9464 }, true)).toEqual({ where: 'own-port', port: 9464 });
    expect(metricsExposure({ token, port: 9464 }, false)).toEqual({ where: 'own-port', port: 9464 });
  });
  it('serves on the app port behind the token', () => {
    expect(metricsExposure({ token, port: undefined }, true)).toEqual({ where: 'app-port', loopbackOnly: false });
  });
  it('without either, is off in production and open to loopback callers only elsewhere', () => {
    expect(metricsExposure({ token: undefined, port: undefined }, true)).toEqual({ where: 'off' });
    expect(metricsExposure({ token: undefined, port: undefined }, false)).toEqual({ where: 'app-port', loopbackOnly: true });
  });
});

describe('bearerMatches', () => {
  it('accepts the token as a bearer credential only', () => {
    expect(bearerMatches(`Bearer ${token}`, expected)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, expected)).toBe(true);
    expect(bearerMatches(token, expected)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, expected)).toBe(false);
    expect(bearerMatches(undefined, expected)).toBe(false);
    expect(bearerMatches('Bearer ', expected)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${'x'.repeat(10_000)}`, expected)).toBe(false);
  });
  it('never matches an empty token, even against the empty digest', () => {
    expect(bearerMatches('', tokenDigest(''))).toBe(false);
  });
});

describe('metricsAccess', () => {
  it('with a token, asks every caller for it, loopback included', () => {
    for (const loopbackOnly of [true, false]) {
      expect(metricsAccess({ expected, loopbackOnly }, undefined, '127.0.0.1')).toBe('unauthorised');
      expect(metricsAccess({ expected, loopbackOnly }, `Bearer ${token}`, '203.0.113.9')).toBe('allowed');
    }
  });
  it('without one on the app port (development), lets only loopback peers in', () => {
    const guard = { expected: undefined, loopbackOnly: true };
    expect(metricsAccess(guard, undefined, '127.0.0.1')).toBe('allowed');
    expect(metricsAccess(guard, undefined, '::ffff:127.0.0.1')).toBe('allowed');
    expect(metricsAccess(guard, undefined, '::1')).toBe('allowed');
    expect(metricsAccess(guard, undefined, '10.0.0.5')).toBe('unauthorised');
    expect(metricsAccess(guard, undefined, undefined)).toBe('unauthorised');
    expect(isLoopbackPeer('127.0.0.1.evil')).toBe(false);
  });
  it('without one on their own port, lets in whoever reaches the port', () => {
    expect(metricsAccess({ expected: undefined, loopbackOnly: false }, undefined, '10.0.0.5')).toBe('allowed');
  });
});
