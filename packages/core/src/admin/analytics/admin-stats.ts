import { sql } from 'kysely';
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
  const [users, active, revenue, subscriptions, projects] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('created_at', '>=', from).as('new')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_sessions')
      .select((eb) => eb.fn.count<string>('user_id').distinct().as('active'))
      .where('last_activity_at', '>=', from)
      .where('login_at', '<=', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transactions')
      .select(sql<string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('cents'))
      .where('status', 'in', ['succeeded', 'partially_refunded', 'refunded'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select((eb) => eb.fn.countAll<string>().as('active'))
      .where('p.billing_interval', '!=', 'free')
      .where('s.status', 'in', ['active', 'trialing'])
      .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>', now)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('projects')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('created_at', '>=', today).as('today')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: { total: Number(users.total), new: Number(users.new), active: Number(active.active) },
    subscriptions: { totalRevenue: Number(revenue.cents) / 100, activeSubscriptions: Number(subscriptions.active) },
    projects: { total: Number(projects.total), today: Number(projects.today) },
  };
}
