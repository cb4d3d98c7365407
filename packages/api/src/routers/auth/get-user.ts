import { toCurrentUser } from '@reelsmith/core';
import { currentUserSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** The signed-in customer (REST: GET /api/auth/user). */
export const getUser = protectedProcedure
  .meta({ summary: 'The signed-in customer', rest: { method: 'GET', path: '/api/auth/user', access: 'customer' } })
  .output(currentUserSchema)
  .query(({ ctx }) => toCurrentUser(ctx.deps, ctx.user));
