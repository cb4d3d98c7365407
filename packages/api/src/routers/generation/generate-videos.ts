import { prepareVideos, runGeneration } from '@reelsmith/core';
import { generateVideosInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/generate-omni-videos */
export const generateVideosProcedure = protectedProcedure
  .meta({ summary: 'A talking video per scene (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/generate-omni-videos', access: 'customer', inputFrom: 'body' } })
  .input(generateVideosInputSchema)
  .output(withField('videos', z.record(z.string(), z.string())))
  .mutation(async ({ ctx, input }) => {
    const checked = await prepareVideos(ctx.deps, ctx.user.id, input.id, input.quality);
    const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'videos', checked);
    return { ...done, videos: done.project.assets.video_generated ?? {} };
  });
