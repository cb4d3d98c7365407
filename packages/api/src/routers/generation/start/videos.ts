import { startVideos } from '@reelsmith/core';
import { generateVideosInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';
import { jobStarted } from './job-started.ts';

/** Checks the plan, picture and audio, starts a talking video per scene; answers the job at once. */
export const startVideosProcedure = protectedProcedure
  .meta({ summary: 'Start a talking video per scene; answers the job at once' })
  .input(generateVideosInputSchema)
  .output(jobStarted)
  .mutation(async ({ ctx, input }) => ({ job: await startVideos(ctx.deps, ctx.user.id, input) }));
