import { getSubscriptionOverview } from '@reelsmith/core';
import { subscriptionOverviewSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/subscriptions/overview */
export const overview = adminReadProcedure
  .meta({ summary: 'Subscription cards and the plan table', rest: { method: 'GET', path: '/api/admin/subscriptions/overview', access: 'admin', inputFrom: 'query' } })
  .input(z.object({ timestamp: z.unknown().optional() }).optional())
  .output(subscriptionOverviewSchema)
  .query(({ ctx }) => getSubscriptionOverview(ctx.deps));
