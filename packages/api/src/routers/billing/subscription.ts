import { cancelSubscription, getCurrentSubscription } from '@reelsmith/core';
import { currentSubscriptionSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc.ts';

export const subscriptionRouter = router({
  /** REST: GET /api/subscription/current */
  current: protectedProcedure
    .meta({ summary: "The customer's plan, status, dates, quota and what they may do now", rest: { method: 'GET', path: '/api/subscription/current', access: 'customer' } })
    .output(currentSubscriptionSchema)
    .query(({ ctx }) => getCurrentSubscription(ctx.deps, ctx.user.id)),
  /** REST: POST /api/subscription/cancel */
  cancel: protectedProcedure
    .meta({ summary: 'Cancel the subscription at the end of the paid period', rest: { method: 'POST', path: '/api/subscription/cancel', access: 'customer', inputFrom: 'body' } })
    .input(z.object({}).strict().optional())
    .output(z.object({ status: z.literal('cancelled'), endDate: z.date().nullable() }))
    .mutation(({ ctx }) => cancelSubscription(ctx.deps, ctx.user.id)),
});
