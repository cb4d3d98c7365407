import { confirmCheckout, createCheckout } from '@reelsmith/core';
import { checkoutInputSchema, checkoutResultSchema, confirmInputSchema, confirmResultSchema } from '@reelsmith/shared';
import { protectedProcedure, router } from '../../trpc.ts';

export const checkoutRouter = router({
  /** REST: POST /api/stripe/create-checkout-session */
  create: protectedProcedure
    .meta({ summary: 'Open a card checkout for a paid plan; the answer carries the url to follow', rest: { method: 'POST', path: '/api/stripe/create-checkout-session', access: 'customer', inputFrom: 'body', rateLimitPerMinute: 30 } })
    .input(checkoutInputSchema)
    .output(checkoutResultSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx.deps, ctx.user.id, input.planId)),
  /** REST: GET /api/stripe/confirm?session_id&planId — verifies with the provider; safe to repeat. */
  confirm: protectedProcedure
    .meta({ summary: 'Verify a checkout with the payment provider and apply it', rest: { method: 'GET', path: '/api/stripe/confirm', access: 'customer', inputFrom: 'query' } })
    .input(confirmInputSchema)
    .output(confirmResultSchema)
    .mutation(({ ctx, input }) => confirmCheckout(ctx.deps, ctx.user.id, input.session_id)),
});
