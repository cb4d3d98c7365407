import { startGeneration } from '@reelsmith/core';
import { generateVoiceoverInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';
import { jobStarted } from './job-started.ts';

/** Starts the voiceover and answers its job at once (the wizard; REST with Prefer: respond-async). */
export const startVoiceoverProcedure = protectedProcedure
  .meta({ summary: 'Start voicing every scene; answers the job at once' })
  .input(generateVoiceoverInputSchema)
  .output(jobStarted)
  .mutation(async ({ ctx, input }) => ({ job: await startGeneration(ctx.deps, ctx.user.id, input.id, 'voiceover', { ...input }) }));
