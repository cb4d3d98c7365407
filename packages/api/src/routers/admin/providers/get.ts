import { getProviderOverview } from '@reelsmith/core';
import { adminProvidersSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/providers — the AI provider of each capability (no keys) and 30 days of costs. */
export const get = adminReadProcedure
  .meta({ summary: 'AI providers in use and their costs', rest: { method: 'GET', path: '/api/admin/providers', access: 'admin' } })
  .output(adminProvidersSchema)
  .query(({ ctx }) => getProviderOverview(ctx.deps));
