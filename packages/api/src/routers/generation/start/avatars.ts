import { startGeneration } from '@reelsmith/core';
import { generateAvatarInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';
import { jobStarted } from './job-started.ts';

/** Starts four avatar variations and answers the job at once. */
export const startAvatarsProcedure = protectedProcedure
  .meta({ summary: 'Start four avatar variations; answers the job at once' })
  .input(generateAvatarInputSchema)
  .output(jobStarted)
  .mutation(async ({ ctx, input }) => ({ job: await startGeneration(ctx.deps, ctx.user.id, input.id, 'avatars', { ...input }) }));
