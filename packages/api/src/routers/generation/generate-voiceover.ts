import { runGeneration } from '@reelsmith/core';
import { generateVoiceoverInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/generate-voiceover */
export const generateVoiceoverProcedure = protectedProcedure
  .meta({ summary: 'Voice every scene (a durable job; answers when it is done)', rest: { method: 'POST', path: '/api/projects/{id}/generate-voiceover', access: 'customer', inputFrom: 'body' } })
  .input(generateVoiceoverInputSchema)
  .output(withField('voiceover', z.record(z.string(), z.string())))
  .mutation(async ({ ctx, input }) => {
    const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'voiceover', { ...input });
    return { ...done, voiceover: done.project.assets.voiceover ?? {} };
  });
