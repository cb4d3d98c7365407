import { getPlan, listPlans } from '@reelsmith/core';
import { planListInputSchema, planSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc.ts';

export const plansRouter = router({
  /** REST: GET /api/plans?type=monthly|yearly */
  list: publicProcedure
    .meta({ summary: 'Plans for the pricing page (the Free plan and those of the given interval)', rest: { method: 'GET', path: '/api/plans', access: 'public', inputFrom: 'query' } })
    .input(planListInputSchema.optional())
    .output(z.array(planSchema))
    .query(({ ctx, input }) => listPlans(ctx.deps.db, input?.type)),
  /** REST: GET /api/plans/{planId} */
  get: publicProcedure
    .meta({ summary: 'One plan', rest: { method: 'GET', path: '/api/plans/{planId}', access: 'public', inputFrom: 'path' } })
    .input(z.object({ planId: z.string().min(1).max(64) }).strict())
    .output(planSchema)
    .query(({ ctx, input }) => getPlan(ctx.deps.db, input.planId)),
});
