import {
  ADMIN_EXPORT_MAX_ROWS,
  auditActor,
  auditCustomerEmail,
  auditSentence,
  rowsToCsv,
  userDisplayName,
  type AdminProject,
  type AdminSubscription,
  type AdminUser,
  type AuditLog,
  type CsvColumn,
} from '@reelsmith/shared';
import type { AdminActor } from '../admin-actor.ts';
import type { CoreDeps } from '../../deps.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { listAllAuditLogs, type AuditLogsQuery } from '../audit-logs/list-audit-logs.ts';
import { listAllAdminProjects, type ProjectsQuery } from '../projects/list-projects.ts';
import { listAllAdminSubscriptions } from '../subscriptions/list-subscriptions.ts';
import { listAllAdminUsers, type UsersQuery } from '../users/list-users.ts';

export interface CsvExport {
  fileName: string;
  csv: string;
  rows: number;
  /** More rows matched than one export holds (ADMIN_EXPORT_MAX_ROWS). */
  truncated: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const userColumns: CsvColumn<AdminUser>[] = [
  { header: 'Id', value: (u) => u.id },
  { header: 'Name', value: (u) => userDisplayName(u) },
  { header: 'Email', value: (u) => u.email },
  { header: 'Status', value: (u) => (u.isActive ? 'Active' : 'Suspended') },
  { header: 'Plan', value: (u) => u.subscription?.plan ?? 'Free' },
  { header: 'Subscription status', value: (u) => u.subscription?.status ?? '' },
  { header: 'Projects', value: (u) => u.projectCount },
  { header: 'Joined', value: (u) => iso(u.createdAt) },
  { header: 'Last login', value: (u) => iso(u.lastLoginAt) },
];

const subscriptionColumns: CsvColumn<AdminSubscription>[] = [
  { header: 'Id', value: (s) => s.id },
  { header: 'Customer', value: (s) => userDisplayName(s.user) },
  { header: 'Email', value: (s) => s.user.email },
  { header: 'Plan', value: (s) => s.plan.name },
  { header: 'Billing', value: (s) => s.plan.planType },
  { header: 'Price', value: (s) => s.plan.billedPrice.toFixed(2) },
  { header: 'Currency', value: (s) => s.plan.currency.toUpperCase() },
  { header: 'Status', value: (s) => s.status },
  { header: 'Start', value: (s) => iso(s.startDate) },
  { header: 'End', value: (s) => iso(s.endDate) },
  { header: 'Bonus credits', value: (s) => s.bonusCredits },
];

const projectColumns: CsvColumn<AdminProject>[] = [
  { header: 'Id', value: (p) => p.id },
  { header: 'Title', value: (p) => p.title || 'Untitled Project' },
  { header: 'Customer', value: (p) => p.user.name },
  { header: 'Email', value: (p) => p.user.email },
  { header: 'Status', value: (p) => p.status },
  { header: 'Industry', value: (p) => p.settings.industry ?? '' },
  { header: 'Visibility', value: (p) => (p.shareSettings.isPublic ? 'Public' : 'Private') },
  { header: 'Created', value: (p) => iso(p.createdAt) },
  { header: 'AI cost (USD)', value: (p) => p.aiCostUsd.toFixed(4) },
];

const activityColumns: CsvColumn<AuditLog>[] = [
  { header: 'Time', value: (l) => iso(l.createdAt) },
  { header: 'Actor', value: (l) => auditActor(l) },
  { header: 'Actor email', value: (l) => l.adminUser?.email ?? '' },
  { header: 'Action', value: (l) => l.action },
  { header: 'Sentence', value: (l) => auditSentence(l) },
  { header: 'Customer', value: (l) => auditCustomerEmail(l) ?? '' },
  { header: 'Outcome', value: (l) => l.outcome },
  { header: 'Severity', value: (l) => l.severity },
  { header: 'IP address', value: (l) => l.ipAddress ?? '' },
  { header: 'Resource type', value: (l) => l.resourceType ?? '' },
  { header: 'Resource id', value: (l) => l.resourceId ?? '' },
  { header: 'Details', value: (l) => JSON.stringify(l.details) },
];

async function exportList<Row>(
  deps: CoreDeps,
  actor: AdminActor,
  list: { name: string; action: string; filters: Record<string, unknown>; columns: CsvColumn<Row>[] },
  read: (max: number) => Promise<Row[]>,
): Promise<CsvExport> {
  // One more than fits tells whether the export was cut.
  const rows = await read(ADMIN_EXPORT_MAX_ROWS + 1);
  const truncated = rows.length > ADMIN_EXPORT_MAX_ROWS;
  const kept = truncated ? rows.slice(0, ADMIN_EXPORT_MAX_ROWS) : rows;
  const day = deps.clock.now().toISOString().slice(0, 10);
  const filters = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v !== undefined && v !== 'all'));
  await writeAudit(deps.db, {
    action: list.action,
    userType: 'admin',
    adminId: actor.id,
    adminEmail: actor.email,
    ipAddress: actor.ip,
    resourceType: 'export',
    resourceId: list.name,
    details: { list: list.name, rows: kept.length, truncated, filters },
  });
  return { fileName: `reelsmith-${list.name}-${day}.csv`, csv: rowsToCsv(kept, list.columns), rows: kept.length, truncated };
}

/** The whole filtered, sorted customer list as CSV; the export is audited. */
export function exportAdminUsersCsv(deps: CoreDeps, actor: AdminActor, query: UsersQuery): Promise<CsvExport> {
  return exportList(deps, actor, { name: 'users', action: 'users_export', filters: { ...query }, columns: userColumns }, (max) => listAllAdminUsers(deps, query, max));
}

/** The whole filtered, sorted subscription list as CSV; the export is audited. */
export function exportAdminSubscriptionsCsv(
  deps: CoreDeps,
  actor: AdminActor,
  query: Parameters<typeof listAllAdminSubscriptions>[1],
): Promise<CsvExport> {
  return exportList(deps, actor, { name: 'subscriptions', action: 'subscriptions_export', filters: { ...query }, columns: subscriptionColumns }, (max) =>
    listAllAdminSubscriptions(deps, query, max),
  );
}

/** The whole filtered, sorted project list as CSV; the export is audited. */
export function exportAdminProjectsCsv(deps: CoreDeps, actor: AdminActor, query: ProjectsQuery): Promise<CsvExport> {
  return exportList(deps, actor, { name: 'projects', action: 'projects_export', filters: { ...query }, columns: projectColumns }, (max) => listAllAdminProjects(deps, query, max));
}

/** The whole filtered, sorted activity log as CSV, each entry with its sentence; the export is audited. */
export function exportAuditLogsCsv(deps: CoreDeps, actor: AdminActor, query: AuditLogsQuery): Promise<CsvExport> {
  return exportList(deps, actor, { name: 'activity', action: 'audit_log_export', filters: { ...query }, columns: activityColumns }, (max) => listAllAuditLogs(deps, query, max));
}
