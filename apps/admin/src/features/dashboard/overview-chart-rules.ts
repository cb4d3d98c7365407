import type { OverviewBucket, OverviewSeries } from '@reelsmith/shared';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket's axis label from its first day (UTC): 'Nov 3', 'Wk of Nov 3', 'Nov 2026'. */
export function bucketLabel(date: string, bucket: OverviewBucket): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const name = monthNames[month - 1] ?? '';
  if (bucket === 'month') return `${name} ${year}`;
  return bucket === 'week' ? `Wk of ${name} ${day}` : `${name} ${day}`;
}

/** 'Per day, Nov 1 2026 – Nov 27 2026'. */
export function chartTitle(series: Pick<OverviewSeries, 'from' | 'to' | 'bucket'>): string {
  const long = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return `${monthNames[month - 1]} ${day}, ${year}`;
  };
  return `per ${series.bucket}, ${series.from === series.to ? long(series.from) : `${long(series.from)} – ${long(series.to)}`}`;
}

/** Each series summed over the range (revenue rounded to cents). */
export function seriesTotals(series: Pick<OverviewSeries, 'points'>): Record<'signups' | 'revenue' | 'projects' | 'videos', number> {
  const sum = (key: 'signups' | 'revenue' | 'projects' | 'videos') => series.points.reduce((total, p) => total + p[key], 0);
  return { signups: sum('signups'), revenue: Math.round(sum('revenue') * 100) / 100, projects: sum('projects'), videos: sum('videos') };
}
