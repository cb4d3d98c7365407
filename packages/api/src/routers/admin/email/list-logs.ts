import { listEmailLogs } from '@reelsmith/core';
import { emailLogListInputSchema, emailLogListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/email/logs — search, status and an inclusive day range, newest first, 20 a page. */
export const listLogs = adminReadProcedure
  .meta({ summary: 'List the e-mail log', rest: { method: 'GET', path: '/api/admin/email/logs', access: 'admin', inputFrom: 'query' } })
  .input(emailLogListInputSchema)
  .output(emailLogListSchema)
  .query(({ ctx, input }) => listEmailLogs(ctx.deps, input));
