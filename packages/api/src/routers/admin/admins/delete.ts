import { deleteAdmin } from '@reelsmith/core';
import { deleteAdminInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { superadminProcedure } from '../../../trpc.ts';

/** REST: DELETE /api/admin/admins/{id} — superadmin only; never the main admin, never oneself. */
export const remove = superadminProcedure
  .meta({ summary: 'Delete an admin account', rest: { method: 'DELETE', path: '/api/admin/admins/{id}', access: 'admin', inputFrom: 'path' } })
  .input(deleteAdminInputSchema)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await deleteAdmin(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input.id);
    return { ok: true as const };
  });
