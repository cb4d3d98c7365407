import { describe, expect, it } from 'vitest';
import { bucketLabel, chartTitle, seriesTotals } from './overview-chart-rules.ts';

describe('overview chart labels', () => {
  it('labels days, weeks and months', () => {
    expect(bucketLabel('2026-11-03', 'day')).toBe('Nov 3');
    expect(bucketLabel('2026-11-02', 'week')).toBe('Wk of Nov 2');
    expect(bucketLabel('2026-11-01', 'month')).toBe('Nov 2026');
    expect(chartTitle({ from: '2026-11-01', to: '2026-11-27', bucket: 'day' })).toBe('per day, Nov 1, 2026 – Nov 27, 2026');
    expect(chartTitle({ from: '2026-11-27', to: '2026-11-27', bucket: 'day' })).toBe('per day, Nov 27, 2026');
  });

  it('sums each series, revenue to the cent', () => {
    const points = [0.1, 0.2, 0.4].map((revenue, i) => ({ date: `2026-11-0${i + 1}`, signups: 1, revenue, projects: i, videos: 0 }));
    expect(seriesTotals({ points })).toEqual({ signups: 3, revenue: 0.7, projects: 3, videos: 0 });
  });
});
