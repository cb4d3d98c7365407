import { revokeApiKey } from '@reelsmith/core';
import { revokeApiKeyInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { sessionOnlyProcedure } from '../../../trpc.ts';

/** REST: DELETE /api/auth/api-keys/{id}. Revoking a revoked key again is fine; another customer's is not found. */
export const revokeApiKeyProcedure = sessionOnlyProcedure
  .meta({ summary: 'Revoke an API key (signed-in session only)', rest: { method: 'DELETE', path: '/api/auth/api-keys/{id}', access: 'customer', inputFrom: 'path' } })
  .input(revokeApiKeyInputSchema)
  .output(z.object({ id: z.string(), revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeApiKey(ctx.deps, ctx.user.id, input.id);
    return { id: input.id, revoked: true as const };
  });
