import { sql, type Insertable } from 'kysely';
import type { AuditLogsTable, AuditOutcome, AuditSeverity } from '../schema.ts';
import type { Executor } from './users.ts';

/** Appends one audit entry (in the caller's transaction, when given one). */
export async function insertAuditLog(db: Executor, entry: Insertable<AuditLogsTable>): Promise<void> {
  await db.insertInto('audit_logs').values(entry).execute();
}

/**
 * Counts over the whole log: entries since `recentSince`, admin sign-ins since `loginsSince`, and
 * since `weekSince` the entries about customers and those of error or critical severity.
 */
export async function countAuditLogs(db: Executor, since: { recentSince: Date; loginsSince: Date; weekSince: Date }) {
  const row = await db
    .selectFrom('audit_logs')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('created_at', '>=', since.recentSince).as('recent'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('action', '=', 'admin_login'), e('created_at', '>=', since.loginsSince)])).as('logins'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('resource_type', '=', 'user'), e('created_at', '>=', since.weekSince)])).as('user_actions'),
      eb.fn.countAll<string>().filterWhere((e) => e.and([e('severity', 'in', ['error', 'critical']), e('created_at', '>=', since.weekSince)])).as('critical'),
    ])
    .executeTakeFirstOrThrow();
  return { recent: Number(row.recent), logins: Number(row.logins), userActions: Number(row.user_actions), critical: Number(row.critical) };
}

export interface AuditLogFilter {
  /**
   * ILIKE pattern on the admin's e-mail (recorded or current) and name, the action (also with spaces
   * for underscores), the resource, and the customer the action was taken on (their e-mail and name
   * as they are now, or the e-mail recorded in the entry's details).
   */
  pattern?: string | undefined;
  actions?: readonly string[] | undefined;
  severity?: AuditSeverity | undefined;
  outcome?: AuditOutcome | undefined;
}

/** The columns the activity log sorts by; each maps to a fixed expression, never to text from the caller. */
export type AuditLogSortColumn = 'time' | 'actor' | 'action' | 'severity' | 'outcome';
export interface AuditLogSort {
  column: AuditLogSortColumn;
  direction: 'asc' | 'desc';
}

function auditLogQuery(db: Executor, filter: AuditLogFilter) {
  let base = db
    .selectFrom('audit_logs as l')
    .leftJoin('admins as a', 'a.id', 'l.admin_id')
    .leftJoin('users as cu', 'cu.id', 'l.target_user_id');
  if (filter.pattern) {
    const pattern = filter.pattern;
    base = base.where((eb) =>
      eb.or([
        eb('l.admin_email', 'ilike', pattern),
        eb('a.email', 'ilike', pattern),
        eb(sql<string>`coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')`, 'ilike', pattern),
        eb('l.action', 'ilike', pattern),
        eb(sql<string>`replace(l.action, '_', ' ')`, 'ilike', pattern),
        eb('l.resource_type', 'ilike', pattern),
        eb(sql<string>`coalesce(l.resource_id::text, '')`, 'ilike', pattern),
        eb('cu.email', 'ilike', pattern),
        eb(sql<string>`coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')`, 'ilike', pattern),
        eb(sql<string>`coalesce(l.details->>'userEmail', '')`, 'ilike', pattern),
      ]),
    );
  }
  if (filter.actions) base = base.where('l.action', 'in', [...filter.actions]);
  if (filter.severity) base = base.where('l.severity', '=', filter.severity);
  if (filter.outcome) base = base.where('l.outcome', '=', filter.outcome);
  return base;
}

const severityRank = sql<number>`case l.severity when 'info' then 0 when 'warning' then 1 when 'error' then 2 else 3 end`;
const actorKey = sql<string>`lower(coalesce(l.admin_email, a.email, ''))`;

/**
 * The activity log with each entry's admin and customer as they are now, and the total; newest first
 * unless sorted otherwise (ties broken by time and id, so pages never overlap).
 */
export async function listAuditLogRows(db: Executor, filter: AuditLogFilter, page: { limit: number; offset: number }, sort?: AuditLogSort) {
  const base = auditLogQuery(db, filter);
  let rowsQuery = base.select([
    'l.id', 'l.created_at', 'l.action', 'l.severity', 'l.user_type', 'l.admin_email', 'l.ip_address', 'l.resource_type', 'l.resource_id', 'l.details',
    'l.outcome', 'l.target_user_id',
    'a.email as current_admin_email', 'a.first_name', 'a.last_name',
    'cu.email as customer_email', 'cu.first_name as customer_first_name', 'cu.last_name as customer_last_name',
  ]);
  const direction = sort?.direction ?? 'desc';
  switch (sort?.column) {
    case 'actor':
      rowsQuery = rowsQuery.orderBy(actorKey, direction);
      break;
    case 'action':
      rowsQuery = rowsQuery.orderBy('l.action', direction);
      break;
    case 'severity':
      rowsQuery = rowsQuery.orderBy(severityRank, direction);
      break;
    case 'outcome':
      rowsQuery = rowsQuery.orderBy('l.outcome', direction);
      break;
    default:
      rowsQuery = rowsQuery.orderBy('l.created_at', direction).orderBy('l.id', direction);
  }
  rowsQuery = rowsQuery.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc');
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    rowsQuery.limit(page.limit).offset(page.offset).execute(),
  ]);
  return { rows, total: Number(total) };
}
