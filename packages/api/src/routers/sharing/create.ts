import { createShare } from '@reelsmith/core';
import { projectIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects/{id}/share */
export const createProcedure = protectedProcedure
  .meta({ summary: "The project's public share link (made once; finished projects only)", rest: { method: 'POST', path: '/api/projects/{id}/share', access: 'customer', inputFrom: 'path' } })
  .input(projectIdInputSchema)
  .output(z.object({ shortId: z.string(), views: z.number().int(), path: z.string() }))
  .mutation(({ ctx, input }) => createShare(ctx.deps, ctx.user.id, input.id));
