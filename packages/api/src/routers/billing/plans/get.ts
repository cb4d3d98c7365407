import { getPlan } from '@reelsmith/core';
import { planSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { publicProcedure } from '../../../trpc.ts';

/** REST: GET /api/plans/{planId} */
export const getProcedure = publicProcedure
  .meta({ summary: 'One plan', rest: { method: 'GET', path: '/api/plans/{planId}', access: 'public', inputFrom: 'path' } })
  .input(z.object({ planId: z.string().min(1).max(64) }).strict())
  .output(planSchema)
  .query(({ ctx, input }) => getPlan(ctx.deps.db, input.planId));
