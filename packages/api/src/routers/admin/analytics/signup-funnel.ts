import { getSignupFunnel } from '@reelsmith/core';
import { analyticsInputSchema, signupFunnelSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/analytics/signup-subscription-funnel — sign-ups in the range and how many took a paid plan. */
export const signupFunnel = adminReadProcedure
  .meta({ summary: 'Signup-to-subscription funnel', rest: { method: 'GET', path: '/api/admin/analytics/signup-subscription-funnel', access: 'admin', inputFrom: 'query' } })
  .input(analyticsInputSchema)
  .output(signupFunnelSchema)
  .query(({ ctx, input }) => getSignupFunnel(ctx.deps, input.timeRange));
