import { describe, expect, it } from 'vitest';
import { prefersRespondAsync } from './prefer.ts';

describe('prefersRespondAsync (RFC 7240)', () => {
  it.each([
    ['respond-async', true],
    ['Respond-Async', true],
    ['wait=10, respond-async', true],
    ['respond-async; foo=bar', true],
    ['  respond-async  ', true],
    [['return=minimal', 'respond-async'], true],
    [undefined, false],
    ['', false],
    ['return=representation', false],
    ['respond-asynchronously', false],
    ['x-respond-async', false],
    ['wait=respond-async', false],
  ] as const)('%j → %s', (header, expected) => {
    expect(prefersRespondAsync(header as string | string[] | undefined)).toBe(expected);
  });
});
