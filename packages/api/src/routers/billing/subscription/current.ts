import { getCurrentSubscription } from '@reelsmith/core';
import { currentSubscriptionSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';

/** REST: GET /api/subscription/current */
export const currentProcedure = protectedProcedure
  .meta({ summary: "The customer's plan, status, dates, quota and what they may do now", rest: { method: 'GET', path: '/api/subscription/current', access: 'customer' } })
  .output(currentSubscriptionSchema)
  .query(({ ctx }) => getCurrentSubscription(ctx.deps, ctx.user.id));
