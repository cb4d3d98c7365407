import { describe, expect, it } from 'vitest';
import { backoffMs } from './retry.ts';
import { classifyProviderFailure, kindForStatus, ProviderError, retryAfterMs } from './provider-error.ts';
import { providerErrorMessage } from './provider-messages.ts';

describe('provider error catalogue', () => {
  it('maps statuses to the spec kinds', () => {
    expect([402, 429, 404, 503, 500, 502, 401, 400, 422].map(kindForStatus)).toEqual([
      'insufficient_credits', 'rate_limited', 'model_unavailable', 'model_unavailable', 'unavailable', 'unavailable', 'auth', 'rejected', 'rejected',
    ]);
  });

  it('retries 429 and 5xx only (a missing model is not retried)', () => {
    const retryable = (status: number) => new ProviderError(kindForStatus(status), 'p', 'x', { status }).retryable;
    expect([429, 500, 503].map(retryable)).toEqual([true, true, true]);
    expect([402, 404, 400, 401].map(retryable)).toEqual([false, false, false, false]);
  });

  it('reads Retry-After as seconds or an HTTP date, and retry-after-ms first', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });

  it('backs off exponentially within the cap, or as the provider asked', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffMs(policy, 0, undefined, () => 0.5)).toBe(100);
    expect(backoffMs(policy, 2, undefined, () => 0.5)).toBe(400);
    expect(backoffMs(policy, 6, undefined, () => 0.5)).toBe(1000);
    expect(backoffMs(policy, 0, 700)).toBe(700);
    expect(backoffMs(policy, 0, 60_000)).toBe(1000);
  });

  it('reads SDK error shapes and leaves our own bugs alone', () => {
    expect(classifyProviderFailure('openai', Object.assign(new Error('x'), { status: 429, headers: new Headers({ 'retry-after': '1' }) }))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
    expect(classifyProviderFailure('elevenlabs', Object.assign(new Error('x'), { statusCode: 402 }))).toMatchObject({ kind: 'insufficient_credits' });
    expect(classifyProviderFailure('replicate', Object.assign(new Error('x'), { response: new Response('', { status: 503 }) }))).toMatchObject({ kind: 'model_unavailable' });
    expect(classifyProviderFailure('x', new TypeError('fetch failed'))).toMatchObject({ kind: 'unavailable' });
    expect(classifyProviderFailure('x', new TypeError("Cannot read properties of undefined (reading 'width')"))).toBeNull();
  });

  it('words failures so the browser mappers pick the spec titles', () => {
    expect(providerErrorMessage('llm', 'rate_limited')).toMatch(/AI provider error/);
    expect(providerErrorMessage('llm', 'bad_output')).toMatch(/JSON/);
    expect(providerErrorMessage('video', 'timeout')).toMatch(/timed out/);
    expect(providerErrorMessage('image', 'model_unavailable')).toMatch(/model is unavailable/);
    expect(providerErrorMessage('tts', 'rate_limited')).toMatch(/Too many requests/);
  });
});
