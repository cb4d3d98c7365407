import { countProjectFunnelSteps } from '@reelsmith/db';
import type { AnalyticsTimeRange, ProjectFunnel } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { buildProjectFunnel } from './funnel-steps.ts';
import { analyticsRangeStart } from './time-ranges.ts';

/**
 * The six-step project funnel over projects created in the range. A project reached step k when
 * its wizard step is at least k, or its status proves it got that far (media made → step 3,
 * scene videos made → step 5, final video merged → step 6).
 */
export async function getProjectFunnel(deps: CoreDeps, timeRange: AnalyticsTimeRange): Promise<ProjectFunnel> {
  const from = analyticsRangeStart(timeRange, deps.clock.now());
  return buildProjectFunnel(await countProjectFunnelSteps(deps.db, from));
}
