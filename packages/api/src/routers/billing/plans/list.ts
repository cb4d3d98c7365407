import { listPlans } from '@reelsmith/core';
import { planListInputSchema, planSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { publicProcedure } from '../../../trpc.ts';

/** REST: GET /api/plans?type=monthly|yearly */
export const listProcedure = publicProcedure
  .meta({ summary: 'Plans for the pricing page (the Free plan and those of the given interval)', rest: { method: 'GET', path: '/api/plans', access: 'public', inputFrom: 'query' } })
  .input(planListInputSchema.optional())
  .output(z.array(planSchema))
  .query(({ ctx, input }) => listPlans(ctx.deps.db, input?.type));
