import { exportAdminUsersCsv } from '@reelsmith/core';
import { adminCsvExportSchema, adminUsersExportInputSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/exports/users — the whole searched, sorted customer list as CSV; audited. */
export const users = adminManageProcedure
  .meta({ summary: 'Export the customer list as CSV', rest: { method: 'POST', path: '/api/admin/exports/users', access: 'admin', inputFrom: 'body' } })
  .input(adminUsersExportInputSchema)
  .output(adminCsvExportSchema)
  .mutation(({ ctx, input }) => exportAdminUsersCsv(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
