import { createCheckout } from '@reelsmith/core';
import { checkoutInputSchema, checkoutResultSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';

/** REST: POST /api/stripe/create-checkout-session */
export const createProcedure = protectedProcedure
  .meta({ summary: 'Open a card checkout for a paid plan; the answer carries the url to follow', rest: { method: 'POST', path: '/api/stripe/create-checkout-session', access: 'customer', inputFrom: 'body', rateLimitPerMinute: 30 } })
  .input(checkoutInputSchema)
  .output(checkoutResultSchema)
  .mutation(({ ctx, input }) => createCheckout(ctx.deps, ctx.user.id, input.planId));
