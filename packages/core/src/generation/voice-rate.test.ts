import { describe, expect, it } from 'vitest';
import { wordsPerSecondOf } from './voice-rate.ts';

/** `count` words evenly over `seconds`, after `lead` seconds of silence. */
const clip = (count: number, seconds: number, lead = 0.3) => Array.from({ length: count }, (_, i) => ({ text: `w${i}`, startSeconds: lead + (i * seconds) / count, endSeconds: lead + ((i + 1) * seconds) / count }));

describe('wordsPerSecondOf', () => {
  it('measures speech only, not the silence around it, over all clips together', () => {
    expect(wordsPerSecondOf([clip(20, 8), clip(10, 4, 1.2)])).toBe(2.5);
    expect(wordsPerSecondOf([clip(33, 10)])).toBe(3.3);
  });

  it('gives nothing to plan by with too little speech or a rate no voice has', () => {
    expect(wordsPerSecondOf([])).toBeUndefined();
    expect(wordsPerSecondOf([[], []])).toBeUndefined();
    expect(wordsPerSecondOf([clip(5, 2)])).toBeUndefined();
    expect(wordsPerSecondOf([clip(60, 6)])).toBeUndefined();
    expect(wordsPerSecondOf([clip(10, 20)])).toBeUndefined();
  });
});
