import { sql } from 'kysely';
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
  const result = await sql<{ step: number; count: string; unique_users: string }>`
    with reached as (
      select p.user_id,
             greatest(p.current_step, case p.status when 'Merged' then 6 when 'LipSynced' then 5 when 'MediaGenerated' then 3 else 1 end) as step
        from projects p
       where p.created_at >= ${from}
    )
    select s.k as step, count(r.user_id) as count, count(distinct r.user_id) as unique_users
      from generate_series(1, 6) as s(k)
      left join reached r on r.step >= s.k
     group by s.k
     order by s.k`.execute(deps.db);
  return buildProjectFunnel(
    result.rows.map((r) => ({ step: Number(r.step), count: Number(r.count), uniqueUsers: Number(r.unique_users) })),
  );
}
