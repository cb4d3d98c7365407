import { describe, expect, it } from 'vitest';
import { analyticsRangeStart, startOfUtcDay, statsRangeStart } from './time-ranges.ts';

const now = new Date('2026-03-15T17:45:00Z');

describe('time ranges', () => {
  it('starts today at UTC midnight and the others as rolling windows', () => {
    expect(startOfUtcDay(now).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(statsRangeStart('today', now).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(statsRangeStart('7days', now).toISOString()).toBe('2026-03-08T17:45:00.000Z');
    expect(statsRangeStart('30days', now).toISOString()).toBe('2026-02-13T17:45:00.000Z');
    expect(statsRangeStart('90days', now).toISOString()).toBe('2025-12-15T17:45:00.000Z');
  });

  it('maps the analytics ranges to 7, 30, 90, 180 and 365 days', () => {
    const days = (range: Parameters<typeof analyticsRangeStart>[0]) => (now.getTime() - analyticsRangeStart(range, now).getTime()) / 86_400_000;
    expect([days('week'), days('month'), days('3months'), days('6months'), days('year')]).toEqual([7, 30, 90, 180, 365]);
  });
});
