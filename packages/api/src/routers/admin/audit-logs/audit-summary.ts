import { getAuditLogsSummary } from '@reelsmith/core';
import { auditLogsSummarySchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/audit-logs/summary — the four Activity cards, counted over the whole log. */
export const summary = adminReadProcedure
  .meta({ summary: 'Activity card counts', rest: { method: 'GET', path: '/api/admin/audit-logs/summary', access: 'admin' } })
  .output(auditLogsSummarySchema)
  .query(({ ctx }) => getAuditLogsSummary(ctx.deps));
