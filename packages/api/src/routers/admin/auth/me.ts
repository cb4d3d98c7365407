import { getAdminPublic } from '@reelsmith/core';
import { adminPublicSchema } from '@reelsmith/shared';
import { TRPCError } from '@trpc/server';
import { adminProcedure } from '../../../trpc.ts';

/** The signed-in admin. */
export const me = adminProcedure()
  .meta({ summary: 'The signed-in admin' })
  .output(adminPublicSchema)
  .query(async ({ ctx }) => {
    const admin = await getAdminPublic(ctx.deps, ctx.admin.id);
    if (!admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Session expired - please login again' });
    return admin;
  });
