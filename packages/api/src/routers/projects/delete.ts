import { deleteProject } from '@reelsmith/core';
import { projectIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: DELETE /api/projects/{id} */
export const deleteProcedure = protectedProcedure
  .meta({ summary: 'Delete a project with its share, jobs and media', rest: { method: 'DELETE', path: '/api/projects/{id}', access: 'customer', inputFrom: 'path' } })
  .input(projectIdInputSchema)
  .output(z.object({ id: z.string(), deleted: z.literal(true) }))
  .mutation(({ ctx, input }) => deleteProject(ctx.deps, ctx.user.id, input.id, ctx.deps.cleanupProject));
