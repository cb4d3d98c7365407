import { countActiveUsers, countPaidSubscriptions, countProjects, countUsers, sumNetRevenueCents } from '@reelsmith/db';
import type { AdminStats, StatsTimeRange } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { startOfUtcDay, statsRangeStart } from './time-ranges.ts';

/**
 * The Overview cards. Users: all, new in the range, and active in the range (a session with
 * activity in it). Revenue: all time, succeeded payments minus refunds, in currency units.
 * Active subscriptions: paid plans that are active or trialing and not past their end.
 */
export async function getAdminStats(deps: CoreDeps, timeRange: StatsTimeRange): Promise<AdminStats> {
  const now = deps.clock.now();
  const from = statsRangeStart(timeRange, now);
  const today = startOfUtcDay(now);
  const { db } = deps;
  const [users, active, revenueCents, subscriptions, projects] = await Promise.all([
    countUsers(db, from),
    countActiveUsers(db, from, now),
    sumNetRevenueCents(db),
    countPaidSubscriptions(db, now),
    countProjects(db, today),
  ]);
  return {
    users: { total: users.total, new: users.createdSince, active },
    subscriptions: { totalRevenue: revenueCents / 100, activeSubscriptions: subscriptions.active },
    projects: { total: projects.total, today: projects.createdSince },
  };
}
