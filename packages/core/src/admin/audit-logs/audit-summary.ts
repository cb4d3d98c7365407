import { countAuditLogs } from '@reelsmith/db';
import type { AuditLogsSummary } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { daysAgo, startOfUtcDay } from '../analytics/time-ranges.ts';

/**
 * The Activity cards over the whole log (not the current page): entries in the last 24 hours,
 * admin sign-ins since UTC midnight, entries about customers in the last 7 days, and error or
 * critical entries in the last 7 days.
 */
export async function getAuditLogsSummary(deps: CoreDeps): Promise<AuditLogsSummary> {
  const now = deps.clock.now();
  const counts = await countAuditLogs(deps.db, { recentSince: daysAgo(now, 1), loginsSince: startOfUtcDay(now), weekSince: daysAgo(now, 7) });
  return {
    totalLast24h: counts.recent,
    adminLoginsToday: counts.logins,
    userActionsThisWeek: counts.userActions,
    criticalEvents: counts.critical,
  };
}
