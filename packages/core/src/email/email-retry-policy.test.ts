import { describe, expect, it } from 'vitest';
import { emailRetryPolicy, retryDelaySeconds } from './email-retry-policy.ts';

describe('e-mail retry delays', () => {
  it('doubles from the base after each refusal', () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a))).toEqual([60, 120, 240, 480]);
    expect([1, 2, 3].map((a) => retryDelaySeconds(a, 1))).toEqual([1, 2, 4]);
  });
  it('never waits more than an hour, nor less than a second', () => {
    expect(retryDelaySeconds(30)).toBe(emailRetryPolicy.maxDelaySeconds);
    expect(retryDelaySeconds(1, 0)).toBe(1);
  });
});
