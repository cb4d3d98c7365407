import { listApiKeys } from '@reelsmith/core';
import { apiKeySchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../../trpc.ts';

/** The web app's key list (a plain array); REST GET /api/auth/api-keys is listPaged beside it. */
export const listApiKeysProcedure = protectedProcedure
  .meta({ summary: "The customer's API keys (name, prefix, created, last used; never the key)" })
  .output(z.array(apiKeySchema))
  .query(({ ctx }) => listApiKeys(ctx.deps, ctx.user.id));
