import { listVoices } from '@reelsmith/core';
import { voiceFilterSchema, voiceSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

/** REST: GET /api/voices?language&gender&age */
export const voicesProcedure = publicProcedure
  .meta({ summary: 'The voice catalogue, filtered', rest: { method: 'GET', path: '/api/voices', access: 'public', inputFrom: 'query', cacheControl: 'public, max-age=300' } })
  .input(voiceFilterSchema.optional())
  .output(z.array(voiceSchema))
  .query(({ ctx, input }) => listVoices(ctx.deps, input ?? {}));
