import { runGeneration } from '@reelsmith/core';
import { generateAvatarInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/generate-avatar */
export const generateAvatarProcedure = protectedProcedure
  .meta({ summary: 'Four avatar variations for the description (a durable job; answers when it is done, or at once with Prefer: respond-async)', rest: { method: 'POST', path: '/api/projects/{id}/generate-avatar', access: 'customer', inputFrom: 'body', respondAsync: 'generation.start.avatars' } })
  .input(generateAvatarInputSchema)
  .output(withField('variations', z.array(z.string())))
  .mutation(async ({ ctx, input }) => {
    const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'avatars', { ...input });
    return { ...done, variations: done.project.assets.avatar?.variations ?? [] };
  });
