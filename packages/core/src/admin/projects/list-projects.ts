import { userDisplayName, type AdminProjectStatus, type AdminProjectsList, type StatsTimeRange } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { statsRangeStart } from '../analytics/time-ranges.ts';
import { containsPattern, pageFlags } from '../search-pattern.ts';
import { adminProjectStatusSql } from './admin-project-status.ts';

export interface ListProjectsQuery {
  page: number;
  limit: number;
  search?: string;
  status?: AdminProjectStatus;
  period?: StatsTimeRange;
}

/** Every customer's projects, newest first, searched by title or owner e-mail, filtered by back-office status and period. */
export async function listAdminProjects(deps: CoreDeps, query: ListProjectsQuery): Promise<AdminProjectsList> {
  const status = adminProjectStatusSql();
  let base = deps.db.selectFrom('projects as p').innerJoin('users as u', 'u.id', 'p.user_id').leftJoin('shares as sh', 'sh.project_id', 'p.id');
  if (query.search) {
    const pattern = containsPattern(query.search);
    base = base.where((eb) => eb.or([eb('p.title', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  if (query.status) base = base.where(status, '=', query.status);
  if (query.period) base = base.where('p.created_at', '>=', statsRangeStart(query.period, deps.clock.now()));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'p.id', 'p.title', 'p.created_at', 'p.industry', 'sh.is_public',
        'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email',
        status.as('admin_status'),
        (eb) =>
          eb
            .selectFrom('generation_costs as c')
            .select((c) => c.fn.coalesce(c.fn.sum<string>('c.amount_usd'), c.val('0')).as('cost'))
            .whereRef('c.project_id', '=', 'p.id')
            .as('ai_cost_usd'),
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return {
    projects: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.admin_status,
      createdAt: r.created_at,
      settings: { industry: r.industry },
      shareSettings: { isPublic: r.is_public ?? false },
      user: { id: r.user_id, name: userDisplayName({ firstName: r.first_name, lastName: r.last_name }), email: r.email },
      aiCostUsd: Number(r.ai_cost_usd ?? 0),
    })),
    total: Number(total),
    ...pageFlags(query.page, query.limit, Number(total)),
  };
}
