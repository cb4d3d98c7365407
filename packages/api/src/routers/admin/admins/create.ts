import { createAdmin } from '@reelsmith/core';
import { adminListItemSchema, createAdminInputSchema } from '@reelsmith/shared';
import { superadminProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/admins — superadmin only; the password must be strong (passwordMinLength). */
export const create = superadminProcedure
  .meta({ summary: 'Add an admin account', rest: { method: 'POST', path: '/api/admin/admins', access: 'admin', inputFrom: 'body', successStatus: 201 } })
  .input(createAdminInputSchema)
  .output(adminListItemSchema)
  .mutation(({ ctx, input }) => createAdmin(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
