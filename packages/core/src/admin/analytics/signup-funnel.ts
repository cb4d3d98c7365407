import { sql } from 'kysely';
import { percentOf, type AnalyticsTimeRange, type SignupFunnel } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { analyticsRangeStart } from './time-ranges.ts';

/**
 * Customers who signed up in the range and how many of them have taken a paid subscription
 * (a paid plan that got past checkout, at any time up to now). The median time to convert is in
 * hours from sign-up to the first paid subscription's start, one decimal.
 */
export async function getSignupFunnel(deps: CoreDeps, timeRange: AnalyticsTimeRange): Promise<SignupFunnel> {
  const from = analyticsRangeStart(timeRange, deps.clock.now());
  const result = await sql<{ signups: string; subscriptions: string; median_hours: number | string | null }>`
    with cohort as (
      select u.id, u.created_at from users u where u.created_at >= ${from}
    ),
    converted as (
      select c.id, min(s.start_date) - c.created_at as wait
        from cohort c
        join subscriptions s on s.user_id = c.id
        join plans p on p.id = s.plan_id
       where p.billing_interval <> 'free' and s.status <> 'pending'
       group by c.id, c.created_at
    )
    select (select count(*) from cohort) as signups,
           (select count(*) from converted) as subscriptions,
           (select percentile_cont(0.5) within group (order by greatest(extract(epoch from wait), 0) / 3600.0) from converted) as median_hours`.execute(deps.db);
  const row = result.rows[0]!;
  const signups = Number(row.signups);
  const subscriptions = Number(row.subscriptions);
  const median = row.median_hours === null ? null : Math.round(Number(row.median_hours) * 10) / 10;
  return { signups, subscriptions, conversionRate: percentOf(subscriptions, signups), medianTimeToConvert: median };
}
