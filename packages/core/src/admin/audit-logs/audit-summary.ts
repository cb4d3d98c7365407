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
  const week = daysAgo(now, 7);
  const row = await deps.db
    .selectFrom('audit_logs')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('created_at', '>=', daysAgo(now, 1)).as('last24h'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('action', '=', 'admin_login'), e('created_at', '>=', startOfUtcDay(now))])).as('logins'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('resource_type', '=', 'user'), e('created_at', '>=', week)])).as('user_actions'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('severity', 'in', ['error', 'critical']), e('created_at', '>=', week)])).as('critical'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalLast24h: Number(row.last24h),
    adminLoginsToday: Number(row.logins),
    userActionsThisWeek: Number(row.user_actions),
    criticalEvents: Number(row.critical),
  };
}
