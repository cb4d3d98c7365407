import { startFinalVideo } from '@reelsmith/core';
import { createFinalVideoInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';
import { jobStarted } from './job-started.ts';

/** Checks the scene order, videos and plan, starts the merge; answers the job at once. */
export const startFinalVideoProcedure = protectedProcedure
  .meta({ summary: 'Start joining the scene videos into the final MP4; answers the job at once' })
  .input(createFinalVideoInputSchema)
  .output(jobStarted)
  .mutation(async ({ ctx, input }) => ({ job: await startFinalVideo(ctx.deps, ctx.user.id, input) }));
