import { suggestAvatarPrompt } from '@reelsmith/core';
import { avatarPromptInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/ai/generate-avatar-prompts */
export const avatarPromptProcedure = protectedProcedure
  .meta({ summary: 'Suggest an avatar description from the scenes, title and voice', rest: { method: 'POST', path: '/api/ai/generate-avatar-prompts', access: 'customer', inputFrom: 'body' } })
  .input(avatarPromptInputSchema)
  .output(z.object({ combinedPrompt: z.string() }))
  .mutation(({ ctx, input }) => suggestAvatarPrompt(ctx.deps, input));
