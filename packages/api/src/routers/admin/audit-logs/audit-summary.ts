import { getAuditLogsSummary } from '@reelsmith/core';
import { auditLogsSummarySchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/audit-logs/summary — the four Activity cards, counted over the whole log. */
export const summary = adminReadProcedure
  .meta({ summary: 'Activity card counts' })
  .output(auditLogsSummarySchema)
  .query(({ ctx }) => getAuditLogsSummary(ctx.deps));
