import { prepareFinal, runGeneration } from '@reelsmith/core';
import { createFinalVideoInputSchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/create-final-video */
export const createFinalVideoProcedure = protectedProcedure
  .meta({ summary: 'Join the scene videos with a transition into the final MP4 (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/create-final-video', access: 'customer', inputFrom: 'body' } })
  .input(createFinalVideoInputSchema)
  .output(withField('assets', projectSchema.shape.assets))
  .mutation(async ({ ctx, input }) => {
    const sceneOrder = await prepareFinal(ctx.deps, ctx.user.id, input.id, input.sceneOrder);
    const done = await runGeneration(ctx.deps, ctx.user.id, input.id, 'final', { sceneOrder, transition: input.transition });
    return { ...done, assets: done.project.assets };
  });
