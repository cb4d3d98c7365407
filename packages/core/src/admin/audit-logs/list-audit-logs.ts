import { sql } from 'kysely';
import { AUDIT_ACTION_GROUPS, type AuditActionGroup, type AuditLogsList, type AuditSeverityName } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { containsPattern } from '../search-pattern.ts';

export interface ListAuditLogsQuery {
  page: number;
  limit: number;
  search?: string;
  action?: AuditActionGroup | 'all';
  severity?: AuditSeverityName | 'all';
}

/** The activity log, newest first: searched over admin e-mail and name, action and resource; filtered by action group and severity. */
export async function listAuditLogs(deps: CoreDeps, query: ListAuditLogsQuery): Promise<AuditLogsList> {
  let base = deps.db.selectFrom('audit_logs as l').leftJoin('admins as a', 'a.id', 'l.admin_id');
  if (query.search) {
    const pattern = containsPattern(query.search);
    base = base.where((eb) =>
      eb.or([
        eb('l.admin_email', 'ilike', pattern),
        eb('a.email', 'ilike', pattern),
        eb(sql<string>`coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')`, 'ilike', pattern),
        eb('l.action', 'ilike', pattern),
        eb(sql<string>`replace(l.action, '_', ' ')`, 'ilike', pattern),
        eb('l.resource_type', 'ilike', pattern),
        eb(sql<string>`coalesce(l.resource_id::text, '')`, 'ilike', pattern),
      ]),
    );
  }
  if (query.action && query.action !== 'all') base = base.where('l.action', 'in', [...AUDIT_ACTION_GROUPS[query.action]]);
  if (query.severity && query.severity !== 'all') base = base.where('l.severity', '=', query.severity);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'l.id', 'l.created_at', 'l.action', 'l.severity', 'l.user_type', 'l.admin_email', 'l.ip_address', 'l.resource_type', 'l.resource_id', 'l.details',
        'a.email as current_admin_email', 'a.first_name', 'a.last_name',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return {
    data: rows.map((r) => {
      const email = r.admin_email ?? r.current_admin_email;
      const name = [r.first_name, r.last_name].filter((p) => p && p.trim()).join(' ') || null;
      return {
        id: r.id,
        createdAt: r.created_at,
        action: r.action,
        severity: r.severity,
        userType: r.user_type,
        adminUser: email ? { email, name } : null,
        ipAddress: r.ip_address,
        resourceType: r.resource_type,
        resourceId: r.resource_id,
        details: r.details ?? {},
      };
    }),
    total: Number(total),
  };
}
