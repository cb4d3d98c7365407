import { exportAdminSubscriptionsCsv } from '@reelsmith/core';
import { adminCsvExportSchema, subscriptionExportInputSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/exports/subscriptions — the whole filtered, sorted subscription list as CSV; audited. */
export const subscriptions = adminManageProcedure
  .meta({ summary: 'Export the subscription list as CSV', rest: { method: 'POST', path: '/api/admin/exports/subscriptions', access: 'admin', inputFrom: 'body' } })
  .input(subscriptionExportInputSchema)
  .output(adminCsvExportSchema)
  .mutation(({ ctx, input }) => exportAdminSubscriptionsCsv(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
