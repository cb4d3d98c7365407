import { listAdminProjectRows } from '@reelsmith/db';
import { pageInfo, pageOffset, userDisplayName, type AdminProject, type AdminProjectStatus, type AdminProjectsList, type StatsTimeRange } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { statsRangeStart } from '../analytics/time-ranges.ts';
import { containsPattern } from '../search-pattern.ts';

export interface ListProjectsQuery {
  page: number;
  limit: number;
  search?: string;
  status?: AdminProjectStatus;
  period?: StatsTimeRange;
}

/** Every customer's projects, newest first, searched by title or owner e-mail, filtered by back-office status and period. */
export async function listAdminProjects(deps: CoreDeps, query: ListProjectsQuery): Promise<AdminProjectsList> {
  const { rows, total } = await listAdminProjectRows(
    deps.db,
    {
      pattern: query.search ? containsPattern(query.search) : undefined,
      status: query.status,
      createdSince: query.period ? statsRangeStart(query.period, deps.clock.now()) : undefined,
    },
    { limit: query.limit, offset: pageOffset(query.page, query.limit) },
  );
  const projects: AdminProject[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.admin_status,
    createdAt: r.created_at,
    settings: { industry: r.industry },
    shareSettings: { isPublic: r.is_public ?? false },
    user: { id: r.user_id, name: userDisplayName({ firstName: r.first_name, lastName: r.last_name }), email: r.email },
    aiCostUsd: Number(r.ai_cost_usd ?? 0),
  }));
  return { data: projects, projects, ...pageInfo(query.page, query.limit, total) };
}
