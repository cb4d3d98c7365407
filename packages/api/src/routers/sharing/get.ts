import { getPublicShare } from '@reelsmith/core';
import { publicShareSchema } from '@reelsmith/shared';
import { publicProcedure } from '../../trpc.ts';
import { shortIdInput } from './short-id-input.ts';

/** REST: GET /api/share/{shortId} */
export const getProcedure = publicProcedure
  .meta({ summary: 'A shared project, public fields only', rest: { method: 'GET', path: '/api/share/{shortId}', access: 'public', inputFrom: 'path' } })
  .input(shortIdInput)
  .output(publicShareSchema)
  .query(({ ctx, input }) => getPublicShare(ctx.deps, input.shortId));
