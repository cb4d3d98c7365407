import { sql } from 'kysely';
import type { AdminUser, AdminUsersList } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { effectiveStatus } from '../../billing/entitlement-rules.ts';
import { containsPattern, pageFlags } from '../search-pattern.ts';

export interface ListUsersQuery {
  page: number;
  limit: number;
  search?: string;
  userId?: string;
}

/**
 * Customers, newest first, searched by e-mail or name (case-insensitive), with their project count
 * and current subscription. With userId, the page holds just that customer (or nobody).
 */
export async function listAdminUsers(deps: CoreDeps, query: ListUsersQuery): Promise<AdminUsersList> {
  let base = deps.db.selectFrom('users as u');
  if (query.userId) base = base.where('u.id', '=', query.userId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    base = base.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb('u.first_name', 'ilike', pattern),
        eb('u.last_name', 'ilike', pattern),
        eb(sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', pattern),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        'u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.profile_image_url', 'u.is_active', 'u.created_at', 'u.last_login_at',
        eb.selectFrom('projects as p').select((e) => e.fn.countAll<string>().as('n')).whereRef('p.user_id', '=', 'u.id').as('project_count'),
      ])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
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
    projectCount: Number(r.project_count ?? 0),
    subscription: subscriptions.get(r.id) ?? null,
  }));
  return { users, total: Number(total), ...pageFlags(query.page, query.limit, Number(total)) };
}

/** Each user's live subscription, else their latest (the order the customer's own page uses). */
async function currentSubscriptions(deps: CoreDeps, userIds: string[]): Promise<Map<string, AdminUser['subscription']>> {
  if (userIds.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .distinctOn('s.user_id')
    .select(['s.user_id', 's.status', 's.end_date', 'p.name'])
    .where('s.user_id', 'in', userIds)
    .orderBy('s.user_id')
    .orderBy((eb) => eb.case().when('s.status', 'in', ['active', 'trialing', 'pending', 'past_due', 'cancelled']).then(0).else(1).end())
    .orderBy('s.created_at', 'desc')
    .execute();
  const now = deps.clock.now();
  return new Map(rows.map((r) => [r.user_id, { plan: r.name, status: effectiveStatus(r.status, r.end_date, now), expiresAt: r.end_date }]));
}
