import { finishGeneration, startVideos } from '@reelsmith/core';
import { generateVideosInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/generate-omni-videos */
export const generateVideosProcedure = protectedProcedure
  .meta({ summary: 'A talking video per scene (a durable job; answers when it is done, or at once with Prefer: respond-async)', rest: { method: 'POST', path: '/api/projects/{id}/generate-omni-videos', access: 'customer', inputFrom: 'body', respondAsync: 'generation.start.videos' } })
  .input(generateVideosInputSchema)
  .output(withField('videos', z.record(z.string(), z.string())))
  .mutation(async ({ ctx, input }) => {
    const done = await finishGeneration(ctx.deps, ctx.user.id, await startVideos(ctx.deps, ctx.user.id, input));
    return { ...done, videos: done.project.assets.video_generated ?? {} };
  });
