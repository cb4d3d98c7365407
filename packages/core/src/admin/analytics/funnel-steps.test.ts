import { WIZARD_STEPS } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { buildProjectFunnel } from './funnel-steps.ts';

describe('buildProjectFunnel', () => {
  it('computes conversions (one decimal) and drop-offs from per-step counts', () => {
    const funnel = buildProjectFunnel([
      { step: 1, count: 6, uniqueUsers: 3 },
      { step: 2, count: 4, uniqueUsers: 3 },
      { step: 3, count: 3, uniqueUsers: 2 },
      { step: 4, count: 3, uniqueUsers: 2 },
      { step: 5, count: 2, uniqueUsers: 2 },
      { step: 6, count: 1, uniqueUsers: 1 },
    ]);
    expect(funnel.totalStarted).toBe(6);
    expect(funnel.overallCompletion).toBe(16.7);
    expect(funnel.steps.map((s) => s.step)).toEqual([...WIZARD_STEPS]);
    expect(funnel.steps.map((s) => s.conversionFromPrevious)).toEqual([100, 66.7, 75, 100, 66.7, 50]);
    expect(funnel.steps.map((s) => s.conversionFromStart)).toEqual([100, 66.7, 50, 50, 33.3, 16.7]);
    expect(funnel.steps.map((s) => s.dropOff)).toEqual([0, 2, 1, 0, 1, 1]);
    expect(funnel.steps.map((s) => s.uniqueUsers)).toEqual([3, 3, 2, 2, 2, 1]);
  });

  it('answers zeros, not NaN, for an empty range and missing steps', () => {
    const funnel = buildProjectFunnel([]);
    expect(funnel.totalStarted).toBe(0);
    expect(funnel.overallCompletion).toBe(0);
    expect(funnel.steps).toHaveLength(6);
    for (const step of funnel.steps) expect(step).toMatchObject({ count: 0, uniqueUsers: 0, conversionFromPrevious: 0, conversionFromStart: 0, dropOff: 0 });
  });
});
