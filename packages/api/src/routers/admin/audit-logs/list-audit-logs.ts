import { listAuditLogs } from '@reelsmith/core';
import { auditLogsListInputSchema, auditLogsListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/audit-logs — the activity log, searched and filtered, 20 a page. */
export const list = adminReadProcedure
  .meta({ summary: 'Audit log entries', rest: { method: 'GET', path: '/api/admin/audit-logs', access: 'admin', inputFrom: 'query' } })
  .input(auditLogsListInputSchema)
  .output(auditLogsListSchema)
  .query(({ ctx, input }) => listAuditLogs(ctx.deps, input));
