import { finishGeneration, startFinalVideo } from '@reelsmith/core';
import { createFinalVideoInputSchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';
import { withField } from './job-result.ts';

/** REST: POST /api/projects/{id}/create-final-video */
export const createFinalVideoProcedure = protectedProcedure
  .meta({ summary: 'Join the scene videos with a transition into the final MP4 (a durable job; answers when it is done, or at once with Prefer: respond-async)', rest: { method: 'POST', path: '/api/projects/{id}/create-final-video', access: 'customer', inputFrom: 'body', respondAsync: 'generation.start.final' } })
  .input(createFinalVideoInputSchema)
  .output(withField('assets', projectSchema.shape.assets))
  .mutation(async ({ ctx, input }) => {
    const done = await finishGeneration(ctx.deps, ctx.user.id, await startFinalVideo(ctx.deps, ctx.user.id, input));
    return { ...done, assets: done.project.assets };
  });
