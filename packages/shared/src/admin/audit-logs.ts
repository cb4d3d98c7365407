import { z } from 'zod';
import { adminSearchSchema, optionalFilter, sortShape } from './paging.ts';
import { pagedSchema, pageLimitSchema, pageNumberSchema } from '../paging.ts';

export const AUDIT_LOGS_PAGE_SIZE = 20;
export const AUDIT_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type AuditSeverityName = (typeof AUDIT_SEVERITIES)[number];
/** Whether an admin action went through, was refused for the admin's role (403), or failed with an error. */
export const AUDIT_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_SORT_COLUMNS = ['time', 'actor', 'action', 'severity', 'outcome'] as const;
export type AuditSortColumn = (typeof AUDIT_SORT_COLUMNS)[number];

/** The Activity screen's action-type filter and the actions each group covers. */
export const AUDIT_ACTION_GROUPS = {
  auth: ['admin_login', 'admin_logout', 'admin_login_failed', 'admin_login_blocked', 'admin_account_locked'],
  user_management: ['user_status_update', 'admin_create', 'admin_delete'],
  subscriptions: ['subscription_refund', 'subscription_adjust', 'subscription_cancel', 'subscriptions_export'],
  projects: ['project_delete'],
  settings: ['settings_update', 'email_template_create', 'email_template_update', 'email_test_send'],
  database: ['database_export', 'audit_log_export', 'users_export', 'projects_export'],
} as const satisfies Record<string, readonly string[]>;
export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export const AUDIT_ACTION_GROUP_NAMES = ['auth', 'user_management', 'subscriptions', 'projects', 'settings', 'database'] as const satisfies readonly AuditActionGroup[];
export const AUDIT_ACTION_GROUP_LABELS: Record<AuditActionGroup, string> = {
  auth: 'Login/Logout',
  user_management: 'User Management',
  subscriptions: 'Subscriptions',
  projects: 'Projects',
  settings: 'Settings',
  database: 'Database',
};

/** The Activity filters and sort (shared by the list and its CSV export). */
export const auditLogsFilterShape = {
  search: adminSearchSchema,
  /** An action group (omitted or 'all' for every action). */
  action: optionalFilter(['all', ...AUDIT_ACTION_GROUP_NAMES]),
  severity: optionalFilter(['all', ...AUDIT_SEVERITIES]),
  outcome: optionalFilter(['all', ...AUDIT_OUTCOMES]),
  ...sortShape(AUDIT_SORT_COLUMNS),
};

export const auditLogsListInputSchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(AUDIT_LOGS_PAGE_SIZE),
  ...auditLogsFilterShape,
});
export type AuditLogsListInput = z.input<typeof auditLogsListInputSchema>;
export const auditLogsExportInputSchema = z.object(auditLogsFilterShape);
export type AuditLogsExportInput = z.input<typeof auditLogsExportInputSchema>;

/** One audit entry (admin spec §3, Audit log entry). */
export const auditLogSchema = z.object({
  id: z.string(),
  createdAt: z.date(),
  action: z.string(),
  severity: z.enum(AUDIT_SEVERITIES),
  userType: z.enum(['admin', 'user', 'system']),
  adminUser: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  ipAddress: z.string().nullable(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  /** The customer the action was taken on: as they are now, else the e-mail the entry recorded. */
  customer: z.object({ id: z.string().nullable(), email: z.string(), name: z.string().nullable() }).nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** The paging envelope (the admin spec's `data, total` are two of its fields). */
export const auditLogsListSchema = pagedSchema(auditLogSchema);
export type AuditLogsList = z.infer<typeof auditLogsListSchema>;

/** The four Activity cards, counted on the server over the whole log (not the page). */
export const auditLogsSummarySchema = z.object({
  totalLast24h: z.number().int(),
  adminLoginsToday: z.number().int(),
  userActionsThisWeek: z.number().int(),
  criticalEvents: z.number().int(),
});
export type AuditLogsSummary = z.infer<typeof auditLogsSummarySchema>;
