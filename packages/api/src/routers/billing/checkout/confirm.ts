import { confirmCheckout } from '@reelsmith/core';
import { confirmInputSchema, confirmResultSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';

/** REST: GET /api/stripe/confirm?session_id&planId — verifies with the provider; safe to repeat. */
export const confirmProcedure = protectedProcedure
  .meta({ summary: 'Verify a checkout with the payment provider and apply it', rest: { method: 'GET', path: '/api/stripe/confirm', access: 'customer', inputFrom: 'query' } })
  .input(confirmInputSchema)
  .output(confirmResultSchema)
  .mutation(({ ctx, input }) => confirmCheckout(ctx.deps, ctx.user.id, input.session_id));
