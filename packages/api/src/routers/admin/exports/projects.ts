import { exportAdminProjectsCsv } from '@reelsmith/core';
import { adminCsvExportSchema, adminProjectsExportInputSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/exports/projects — the whole filtered, sorted project list as CSV; audited. */
export const projects = adminManageProcedure
  .meta({ summary: 'Export the project list as CSV', rest: { method: 'POST', path: '/api/admin/exports/projects', access: 'admin', inputFrom: 'body' } })
  .input(adminProjectsExportInputSchema)
  .output(adminCsvExportSchema)
  .mutation(({ ctx, input }) => exportAdminProjectsCsv(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
