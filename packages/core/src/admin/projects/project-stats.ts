import { countProjects } from '@reelsmith/db';
import type { AdminProjectStats } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { startOfUtcDay } from '../analytics/time-ranges.ts';

/** The Projects screen's cards: all projects, those created today (UTC), and finished (Merged) ones. */
export async function getAdminProjectStats(deps: CoreDeps): Promise<AdminProjectStats> {
  const counts = await countProjects(deps.db, startOfUtcDay(deps.clock.now()));
  return { totalProjects: counts.total, todayProjects: counts.createdSince, completedProjects: counts.merged };
}
