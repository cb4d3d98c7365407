import { countActiveUsers, countPaidSubscriptions, countProjects, countUsers, sumNetRevenueCents } from '@reelsmith/db';
import { parseIsoDate, type AdminStats, type StatsTimeRange } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { overviewWindow } from './overview-series.ts';
import { startOfUtcDay, statsRangeStart } from './time-ranges.ts';

/**
 * The Overview cards. Users: all, new in the range, and active in the range (a session with
 * activity in it). Revenue: all time, succeeded payments minus refunds, in currency units.
 * Active subscriptions: paid plans that are active or trialing and not past their end.
 */
export async function getAdminStats(deps: CoreDeps, timeRange: StatsTimeRange, custom?: { from: string; to: string }): Promise<AdminStats> {
  const now = deps.clock.now();
  // A custom range is whole UTC days, its last one included (checked like the charts' range).
  const days = custom ? overviewWindow(deps, custom) : null;
  const from = days ? parseIsoDate(days.from)! : statsRangeStart(timeRange, now);
  const until = days ? new Date(parseIsoDate(days.to)!.getTime() + 86_400_000) : undefined;
  const today = startOfUtcDay(now);
  const { db } = deps;
  const [users, active, revenueCents, subscriptions, projects] = await Promise.all([
    countUsers(db, from, until),
    countActiveUsers(db, from, until && until < now ? until : now),
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
