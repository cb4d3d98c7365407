import { logoutAdmin } from '@reelsmith/core';
import { z } from 'zod';
import { adminProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/logout — revokes the bearer token. */
export const logout = adminProcedure()
  .meta({ summary: 'Sign the admin out (revokes the token)', rest: { method: 'POST', path: '/api/admin/logout', access: 'admin' } })
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx }) => {
    await logoutAdmin(ctx.deps, ctx.admin, ctx.ip);
    return { ok: true as const };
  });
