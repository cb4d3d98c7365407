import { getUserSubscriptionDetail } from '@reelsmith/core';
import { adminUserPathInputSchema, userSubscriptionDetailSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/users/{userId}/subscription */
export const forUser = adminReadProcedure
  .meta({ summary: "A customer's subscription, payments and adjustments", rest: { method: 'GET', path: '/api/admin/users/{userId}/subscription', access: 'admin', inputFrom: 'path' } })
  .input(adminUserPathInputSchema)
  .output(userSubscriptionDetailSchema)
  .query(({ ctx, input }) => getUserSubscriptionDetail(ctx.deps, input.userId));
