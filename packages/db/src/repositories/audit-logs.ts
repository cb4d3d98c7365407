import { sql, type Insertable } from 'kysely';
import type { AuditLogsTable, AuditSeverity } from '../schema.ts';
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
  /** ILIKE pattern on the admin's e-mail (recorded or current) and name, the action (also with spaces for underscores) and the resource. */
  pattern?: string | undefined;
  actions?: readonly string[] | undefined;
  severity?: AuditSeverity | undefined;
}

/** The activity log with each entry's admin as it is now, newest first, and the total. */
export async function listAuditLogRows(db: Executor, filter: AuditLogFilter, page: { limit: number; offset: number }) {
  let base = db.selectFrom('audit_logs as l').leftJoin('admins as a', 'a.id', 'l.admin_id');
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
      ]),
    );
  }
  if (filter.actions) base = base.where('l.action', 'in', [...filter.actions]);
  if (filter.severity) base = base.where('l.severity', '=', filter.severity);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'l.id', 'l.created_at', 'l.action', 'l.severity', 'l.user_type', 'l.admin_email', 'l.ip_address', 'l.resource_type', 'l.resource_id', 'l.details',
        'a.email as current_admin_email', 'a.first_name', 'a.last_name',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}
