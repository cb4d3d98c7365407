import { netRevenueCentsPerBucket, projectsPerBucket, signupsPerBucket, videosPerBucket } from '@reelsmith/db';
import { AppError, bucketForSpan, customRangeProblem, isoDateOf, parseIsoDate, resolveOverviewRange, spanDays, type OverviewPreset, type OverviewSeries } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';

/**
 * The whole UTC days a range covers, checked against the server's clock: a custom range must not end
 * after today (UTC). A refused range is a 400 with the rule's words.
 */
export function overviewWindow(deps: Pick<CoreDeps, 'clock'>, range: { preset: OverviewPreset } | { from: string; to: string }): { from: string; to: string } {
  const today = isoDateOf(deps.clock.now());
  if ('from' in range) {
    const problem = customRangeProblem(range.from, range.to, today);
    if (problem) throw new AppError('BAD_REQUEST', problem);
  }
  return resolveOverviewRange(range, today);
}

/**
 * Signups, net revenue, projects created and final videos made per day (per week past three months,
 * per month past a year), every bucket present. Each series is one query; revenue is net of refunds
 * like the revenue card.
 */
export async function getOverviewSeries(deps: CoreDeps, range: { preset: OverviewPreset } | { from: string; to: string }): Promise<OverviewSeries> {
  const days = overviewWindow(deps, range);
  const bucket = bucketForSpan(spanDays(parseIsoDate(days.from)!, parseIsoDate(days.to)!));
  const window = { ...days, bucket };
  const [signups, revenue, projects, videos] = await Promise.all([
    signupsPerBucket(deps.db, window),
    netRevenueCentsPerBucket(deps.db, window),
    projectsPerBucket(deps.db, window),
    videosPerBucket(deps.db, window),
  ]);
  const at = (series: { date: string; value: number }[], date: string) => series.find((p) => p.date === date)?.value ?? 0;
  return {
    ...days,
    bucket,
    points: signups.map((p) => ({ date: p.date, signups: p.value, revenue: at(revenue, p.date) / 100, projects: at(projects, p.date), videos: at(videos, p.date) })),
  };
}
