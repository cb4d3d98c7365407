import { listAdminSubscriptions } from '@reelsmith/core';
import { subscriptionListInputSchema, subscriptionListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/subscriptions?search&status&planId&page&limit (or the spec's pageSize) */
export const list = adminReadProcedure
  .meta({ summary: 'Paid subscriptions, searched and filtered, 20 a page', rest: { method: 'GET', path: '/api/admin/subscriptions', access: 'admin', inputFrom: 'query' } })
  .input(subscriptionListInputSchema)
  .output(subscriptionListSchema)
  .query(({ ctx, input }) => listAdminSubscriptions(ctx.deps, input));
