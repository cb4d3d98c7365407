import { generateScenes } from '@reelsmith/core';
import { generateScenesInputSchema, projectSchema, sceneSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects/{id}/generate-scenes */
export const generateScenesProcedure = protectedProcedure
  .meta({ summary: 'Split the script into scenes for the reel time and save them', rest: { method: 'POST', path: '/api/projects/{id}/generate-scenes', access: 'customer', inputFrom: 'body' } })
  .input(generateScenesInputSchema)
  .output(z.object({ id: z.string(), scenes: z.array(sceneSchema), project: projectSchema }))
  .mutation(({ ctx, input }) => generateScenes(ctx.deps, ctx.user.id, input));
