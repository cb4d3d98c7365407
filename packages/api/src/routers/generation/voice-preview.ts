import { voicePreview } from '@reelsmith/core';
import { voicePreviewInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/voice/preview-url */
export const voicePreviewProcedure = protectedProcedure
  .meta({ summary: 'A cached audio sample of a voice reading the first 100 characters', rest: { method: 'POST', path: '/api/voice/preview-url', access: 'customer', inputFrom: 'body', rateLimitPerMinute: 60 } })
  .input(voicePreviewInputSchema)
  .output(z.object({ url: z.string() }))
  .mutation(({ ctx, input }) => voicePreview(ctx.deps, input));
