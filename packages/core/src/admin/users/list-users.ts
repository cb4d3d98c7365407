import { listAdminUserRows, listCurrentSubscriptionRows } from '@reelsmith/db';
import { pageInfo, pageOffset, type AdminUser, type AdminUserSortColumn, type AdminUsersList, type SortDirection } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { effectiveStatus } from '../../billing/entitlement-rules.ts';
import { containsPattern } from '../search-pattern.ts';

export interface UsersQuery {
  search?: string | undefined;
  userId?: string | undefined;
  sort?: AdminUserSortColumn | undefined;
  dir?: SortDirection | undefined;
}

export interface ListUsersQuery extends UsersQuery {
  page: number;
  limit: number;
}

/**
 * Customers, newest first, searched by e-mail or name (case-insensitive), with their project count
 * and current subscription. With userId, the page holds just that customer (or nobody).
 */
export async function listAdminUsers(deps: CoreDeps, query: ListUsersQuery): Promise<AdminUsersList> {
  const { users, total } = await readUsers(deps, query, { limit: query.limit, offset: pageOffset(query.page, query.limit) });
  return { data: users, users, ...pageInfo(query.page, query.limit, total) };
}

/** Every customer the search matches, in the list's order, up to `max` (for the CSV export). */
export async function listAllAdminUsers(deps: CoreDeps, query: UsersQuery, max: number): Promise<AdminUser[]> {
  return (await readUsers(deps, query, { limit: max, offset: 0 })).users;
}

async function readUsers(deps: CoreDeps, query: UsersQuery, page: { limit: number; offset: number }) {
  const { rows, total } = await listAdminUserRows(
    deps.db,
    { userId: query.userId, pattern: query.search ? containsPattern(query.search) : undefined },
    page,
    query.sort ? { column: query.sort, direction: query.dir ?? 'asc' } : undefined,
  );
  const subscriptions = await currentSubscriptions(deps, rows.map((r) => r.id));
  const users: AdminUser[] = rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    profileImageUrl: r.profile_image_url,
    isActive: r.is_active,
    createdAt: r.created_at,
    lastLoginAt: r.last_login_at,
    projectCount: r.project_count,
    subscription: subscriptions.get(r.id) ?? null,
  }));
  return { users, total };
}

/** Each user's live subscription, else their latest (the order the customer's own page uses). */
async function currentSubscriptions(deps: CoreDeps, userIds: string[]): Promise<Map<string, AdminUser['subscription']>> {
  if (userIds.length === 0) return new Map();
  const rows = await listCurrentSubscriptionRows(deps.db, userIds);
  const now = deps.clock.now();
  return new Map(rows.map((r) => [r.user_id, { plan: r.name, status: effectiveStatus(r.status, r.end_date, now), expiresAt: r.end_date }]));
}
