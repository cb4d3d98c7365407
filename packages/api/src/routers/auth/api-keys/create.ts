import { createApiKey } from '@reelsmith/core';
import { createApiKeyInputSchema, createdApiKeySchema } from '@reelsmith/shared';
import { sessionOnlyProcedure } from '../../../trpc.ts';

/** REST: POST /api/auth/api-keys. The answer is the only time the key is shown. */
export const createApiKeyProcedure = sessionOnlyProcedure
  .meta({
    summary: 'Create an API key (signed-in session only; the key is shown once, in this answer)',
    rest: { method: 'POST', path: '/api/auth/api-keys', access: 'customer', inputFrom: 'body', successStatus: 201 },
  })
  .input(createApiKeyInputSchema)
  .output(createdApiKeySchema)
  .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.user.id, input.name));
