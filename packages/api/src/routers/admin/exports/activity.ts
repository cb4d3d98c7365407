import { exportAuditLogsCsv } from '@reelsmith/core';
import { adminCsvExportSchema, auditLogsExportInputSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/exports/activity — the whole searched, filtered, sorted activity log as CSV; audited. */
export const activity = adminManageProcedure
  .meta({ summary: 'Export the activity log as CSV', rest: { method: 'POST', path: '/api/admin/exports/activity', access: 'admin', inputFrom: 'body' } })
  .input(auditLogsExportInputSchema)
  .output(adminCsvExportSchema)
  .mutation(({ ctx, input }) => exportAuditLogsCsv(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
