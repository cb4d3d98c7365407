import { describe, expect, it } from 'vitest';
import { durationWording, estimateState, estimates, overtimeText, scaled, takingLongerText } from './progress-estimate.ts';

describe('progress estimates', () => {
  it('words durations as spec §9 says', () => {
    expect(durationWording(45)).toBe('45 seconds');
    expect(durationWording(60)).toBe('about a minute');
    expect(durationWording(150)).toBe('up to 3 minutes');
    expect(durationWording(240)).toBe('3 to 5 minutes');
    expect(durationWording(480)).toBe('up to 8 minutes');
  });

  it('scales per-scene video estimates with the scene count', () => {
    expect(scaled(estimates.videoStandard, 3)).toEqual({ min: 90, max: 270, typical: 180 });
    expect(scaled(estimates.videoHigh, 1)).toEqual({ min: 60, max: 180, typical: 120 });
  });

  it('says taking longer after 1.2× typical and overtime after the maximum', () => {
    const e = estimates.videoStandard;
    expect(estimateState(e, 10)).toMatchObject({ phase: 'normal', text: 'Estimated time remaining: 50 seconds' });
    expect(estimateState(e, 73)).toMatchObject({ phase: 'longer', text: takingLongerText });
    expect(estimateState(e, 91)).toMatchObject({ phase: 'overtime', text: overtimeText, percent: 95 });
  });
});
