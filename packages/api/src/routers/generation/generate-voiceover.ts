import { runGeneration } from '@reelsmith/core';
import { generateVoiceoverInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/generate-voiceover */
export const generateVoiceoverProcedure = protectedProcedure
  .meta({ summary: 'Voice every scene (a durable job; answers when it is done, or at once with Prefer: respond-async)', rest: { method: 'POST', path: '/api/projects/{id}/generate-voiceover', access: 'customer', inputFrom: 'body', respondAsync: 'generation.start.voiceover' } })
  .input(generateVoiceoverInputSchema)
  .output(withField('voiceover', z.record(z.string(), z.string())))
  .mutation(async ({ ctx, input }) => {
    const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'voiceover', { ...input });
    return { ...done, voiceover: done.project.assets.voiceover ?? {} };
  });
