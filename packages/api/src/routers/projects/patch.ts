import { patchProject } from '@reelsmith/core';
import { patchProjectInputSchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** REST: PATCH /api/projects/{id} */
export const patchProcedure = protectedProcedure
  .meta({ summary: 'Save the selected avatar, the aspect ratio or the uploaded avatars', rest: { method: 'PATCH', path: '/api/projects/{id}', access: 'customer', inputFrom: 'body', etag: true, ifMatch: 'expectedVersion' } })
  .input(patchProjectInputSchema)
  .output(projectSchema)
  .mutation(({ ctx, input }) => patchProject(ctx.deps, ctx.user.id, input));
