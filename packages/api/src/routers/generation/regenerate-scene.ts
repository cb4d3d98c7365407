import { regenerateScene } from '@reelsmith/core';
import { projectSchema, regenerateSceneInputSchema, sceneSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects/{id}/regenerate-scene */
export const regenerateSceneProcedure = protectedProcedure
  .meta({ summary: 'Rewrite one scene or all of them', rest: { method: 'POST', path: '/api/projects/{id}/regenerate-scene', access: 'customer', inputFrom: 'body' } })
  .input(regenerateSceneInputSchema)
  .output(z.object({ scenes: z.array(sceneSchema), message: z.string(), project: projectSchema }))
  .mutation(({ ctx, input }) => regenerateScene(ctx.deps, ctx.user.id, input));
