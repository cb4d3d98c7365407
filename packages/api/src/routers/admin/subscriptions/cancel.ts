import { cancelSubscriptionForAdmin } from '@reelsmith/core';
import { subscriptionCancelInputSchema, subscriptionCancelResultSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/subscriptions/{subscriptionId}/cancel — at period end or now, through the payment provider; audited. */
export const cancel = adminManageProcedure
  .meta({ summary: "Cancel a customer's paid subscription (at period end or now)", rest: { method: 'POST', path: '/api/admin/subscriptions/{subscriptionId}/cancel', access: 'admin', inputFrom: 'body' } })
  .input(subscriptionCancelInputSchema)
  .output(subscriptionCancelResultSchema)
  .mutation(({ ctx, input }) => cancelSubscriptionForAdmin(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
