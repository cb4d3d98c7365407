import { listAuditLogRows } from '@reelsmith/db';
import { AUDIT_ACTION_GROUPS, pageInfo, pageOffset, type AuditActionGroup, type AuditLogsList, type AuditSeverityName } from '@reelsmith/shared';
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
  const { rows, total } = await listAuditLogRows(
    deps.db,
    {
      pattern: query.search ? containsPattern(query.search) : undefined,
      actions: query.action && query.action !== 'all' ? AUDIT_ACTION_GROUPS[query.action] : undefined,
      severity: query.severity && query.severity !== 'all' ? query.severity : undefined,
    },
    { limit: query.limit, offset: pageOffset(query.page, query.limit) },
  );
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
    ...pageInfo(query.page, query.limit, total),
  };
}
