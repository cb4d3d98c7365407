import { startAvatarProduct } from '@reelsmith/core';
import { generateAvatarProductInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';
import { jobStarted } from './job-started.ts';

/** Checks the chosen avatar, stores the product picture, starts the four pictures; answers the job at once. */
export const startAvatarProductProcedure = protectedProcedure
  .meta({ summary: 'Start four pictures of the avatar with the product; answers the job at once' })
  .input(generateAvatarProductInputSchema)
  .output(jobStarted)
  .mutation(async ({ ctx, input }) => ({ job: await startAvatarProduct(ctx.deps, ctx.user.id, input) }));
