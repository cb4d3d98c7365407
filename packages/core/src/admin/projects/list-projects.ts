import { listAdminProjectRows } from '@reelsmith/db';
import {
  pageInfo,
  pageOffset,
  userDisplayName,
  type AdminProject,
  type AdminProjectSortColumn,
  type AdminProjectStatus,
  type AdminProjectsList,
  type SortDirection,
  type StatsTimeRange,
} from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { statsRangeStart } from '../analytics/time-ranges.ts';
import { containsPattern } from '../search-pattern.ts';

export interface ProjectsQuery {
  search?: string | undefined;
  status?: AdminProjectStatus | undefined;
  period?: StatsTimeRange | undefined;
  sort?: AdminProjectSortColumn | undefined;
  dir?: SortDirection | undefined;
}

export interface ListProjectsQuery extends ProjectsQuery {
  page: number;
  limit: number;
}

/** Every customer's projects, newest first, searched by title or owner e-mail, filtered by back-office status and period. */
export async function listAdminProjects(deps: CoreDeps, query: ListProjectsQuery): Promise<AdminProjectsList> {
  const { projects, total } = await readProjects(deps, query, { limit: query.limit, offset: pageOffset(query.page, query.limit) });
  return { data: projects, projects, ...pageInfo(query.page, query.limit, total) };
}

/** Every project the filters match, in the list's order, up to `max` (for the CSV export). */
export async function listAllAdminProjects(deps: CoreDeps, query: ProjectsQuery, max: number): Promise<AdminProject[]> {
  return (await readProjects(deps, query, { limit: max, offset: 0 })).projects;
}

async function readProjects(deps: CoreDeps, query: ProjectsQuery, page: { limit: number; offset: number }) {
  const { rows, total } = await listAdminProjectRows(
    deps.db,
    {
      pattern: query.search ? containsPattern(query.search) : undefined,
      status: query.status,
      createdSince: query.period ? statsRangeStart(query.period, deps.clock.now()) : undefined,
    },
    page,
    query.sort ? { column: query.sort, direction: query.dir ?? 'asc' } : undefined,
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
  return { projects, total };
}
