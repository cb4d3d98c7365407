import { adjustSubscription, type Adjustment } from '@reelsmith/core';
import { adjustInputSchema, adjustResultSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/subscriptions/{subscriptionId}/adjust — extend, add credits or change plan; audited. */
export const adjust = adminManageProcedure
  .meta({ summary: 'Extend a subscription, add video credits, or change its plan', rest: { method: 'POST', path: '/api/admin/subscriptions/{subscriptionId}/adjust', access: 'admin', inputFrom: 'body' } })
  .input(adjustInputSchema)
  .output(adjustResultSchema)
  .mutation(({ ctx, input }) => {
    const adjustment: Adjustment =
      input.type === 'extend'
        ? { type: 'extend', days: input.payload.days }
        : input.type === 'add_credits'
          ? { type: 'add_credits', credits: input.payload.credits }
          : { type: 'change_plan', newPlanId: input.payload.newPlanId, proration: input.payload.proration };
    return adjustSubscription(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, { subscriptionId: input.subscriptionId, adjustment, reason: input.reason });
  });
