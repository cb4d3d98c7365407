import { listApiKeys } from '@reelsmith/core';
import { apiKeySchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../../trpc.ts';

/** REST: GET /api/auth/api-keys. A key may list its owner's keys: the list holds no secrets. */
export const listApiKeysProcedure = protectedProcedure
  .meta({ summary: "The customer's API keys (name, prefix, created, last used; never the key)", rest: { method: 'GET', path: '/api/auth/api-keys', access: 'customer' } })
  .output(z.array(apiKeySchema))
  .query(({ ctx }) => listApiKeys(ctx.deps, ctx.user.id));
