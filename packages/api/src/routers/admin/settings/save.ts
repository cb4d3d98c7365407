import { saveSystemSettings } from '@reelsmith/core';
import { settingsSaveResultSchema, settingsSaveSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/settings — the whole object; a masked secret keeps the stored one; audited. */
export const save = adminManageProcedure
  .meta({ summary: 'Save the whole system settings object', rest: { method: 'POST', path: '/api/admin/settings', access: 'admin', inputFrom: 'body' } })
  .input(settingsSaveSchema)
  .output(settingsSaveResultSchema)
  .mutation(({ ctx, input }) => saveSystemSettings(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
