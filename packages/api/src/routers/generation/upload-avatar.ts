import { uploadAvatar } from '@reelsmith/core';
import { aspectSchema, projectSchema, uploadAvatarInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects/{id}/upload-avatar */
export const uploadAvatarProcedure = protectedProcedure
  .meta({ summary: 'Upload an avatar photo (data URL): checked by content, re-encoded, selected', rest: { method: 'POST', path: '/api/projects/{id}/upload-avatar', access: 'customer', inputFrom: 'body' } })
  .input(uploadAvatarInputSchema)
  .output(z.object({ url: z.string(), aspectRatio: aspectSchema, project: projectSchema }))
  .mutation(({ ctx, input }) => uploadAvatar(ctx.deps, ctx.user.id, input));
