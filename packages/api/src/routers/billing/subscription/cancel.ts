import { cancelSubscription } from '@reelsmith/core';
import { z } from 'zod';
import { protectedProcedure } from '../../../trpc.ts';

/** REST: POST /api/subscription/cancel */
export const cancelProcedure = protectedProcedure
  .meta({ summary: 'Cancel the subscription at the end of the paid period', rest: { method: 'POST', path: '/api/subscription/cancel', access: 'customer', inputFrom: 'body' } })
  .input(z.object({}).strict().optional())
  .output(z.object({ status: z.literal('cancelled'), endDate: z.date().nullable() }))
  .mutation(({ ctx }) => cancelSubscription(ctx.deps, ctx.user.id));
