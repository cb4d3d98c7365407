import { listAuditLogRows } from '@reelsmith/db';
import {
  AUDIT_ACTION_GROUPS,
  pageInfo,
  pageOffset,
  type AuditActionGroup,
  type AuditLog,
  type AuditLogsList,
  type AuditOutcomeName,
  type AuditSeverityName,
  type AuditSortColumn,
  type SortDirection,
} from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { containsPattern } from '../search-pattern.ts';

export interface AuditLogsQuery {
  search?: string | undefined;
  action?: AuditActionGroup | 'all' | undefined;
  severity?: AuditSeverityName | 'all' | undefined;
  outcome?: AuditOutcomeName | 'all' | undefined;
  sort?: AuditSortColumn | undefined;
  dir?: SortDirection | undefined;
}

export interface ListAuditLogsQuery extends AuditLogsQuery {
  page: number;
  limit: number;
}

type AuditLogRow = Awaited<ReturnType<typeof listAuditLogRows>>['rows'][number];

function nameOf(first: string | null, last: string | null): string | null {
  return [first, last].filter((p) => p && p.trim()).join(' ') || null;
}

function recordedText(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** One entry as the back-office reads it: its admin and customer as they are now, else as recorded. */
function toAuditLog(r: AuditLogRow): AuditLog {
  const details = (r.details ?? {}) as Record<string, unknown>;
  const email = r.admin_email ?? r.current_admin_email;
  const customerEmail = r.customer_email ?? recordedText(details, 'userEmail');
  return {
    id: r.id,
    createdAt: r.created_at,
    action: r.action,
    severity: r.severity,
    userType: r.user_type,
    adminUser: email ? { email, name: nameOf(r.first_name, r.last_name) } : null,
    ipAddress: r.ip_address,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    customer: customerEmail ? { id: r.target_user_id, email: customerEmail, name: nameOf(r.customer_first_name, r.customer_last_name) } : null,
    outcome: r.outcome,
    details,
  };
}

function filterOf(query: AuditLogsQuery) {
  return {
    pattern: query.search ? containsPattern(query.search) : undefined,
    actions: query.action && query.action !== 'all' ? AUDIT_ACTION_GROUPS[query.action] : undefined,
    severity: query.severity && query.severity !== 'all' ? query.severity : undefined,
    outcome: query.outcome && query.outcome !== 'all' ? query.outcome : undefined,
  };
}

function sortOf(query: AuditLogsQuery) {
  return query.sort ? { column: query.sort, direction: query.dir ?? 'desc' } : undefined;
}

/**
 * The activity log, newest first unless sorted: searched over admin e-mail and name, action, resource
 * and the affected customer; filtered by action group, severity and outcome.
 */
export async function listAuditLogs(deps: CoreDeps, query: ListAuditLogsQuery): Promise<AuditLogsList> {
  const { rows, total } = await listAuditLogRows(deps.db, filterOf(query), { limit: query.limit, offset: pageOffset(query.page, query.limit) }, sortOf(query));
  return { data: rows.map(toAuditLog), ...pageInfo(query.page, query.limit, total) };
}

/** Every entry the filters match, in the list's order, up to `max` (for the CSV export). */
export async function listAllAuditLogs(deps: CoreDeps, query: AuditLogsQuery, max: number): Promise<AuditLog[]> {
  const { rows } = await listAuditLogRows(deps.db, filterOf(query), { limit: max, offset: 0 }, sortOf(query));
  return rows.map(toAuditLog);
}
