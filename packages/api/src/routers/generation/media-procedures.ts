import { generateAvatarProduct, uploadAvatar, voicePreview } from '@reelsmith/core';
import { aspectSchema, generateAvatarProductInputSchema, projectSchema, uploadAvatarInputSchema, voicePreviewInputSchema } from '@reelsmith/shared';
import { generationJobSchema } from './job-schema.ts';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** Procedures that make or take media outside the job queue: voice previews and uploads. */
export const mediaProcedures = {
  /** REST: POST /api/voice/preview-url */
  voicePreview: protectedProcedure
    .meta({ summary: 'A cached audio sample of a voice reading the first 100 characters', rest: { method: 'POST', path: '/api/voice/preview-url', access: 'customer', inputFrom: 'body', rateLimitPerMinute: 60 } })
    .input(voicePreviewInputSchema)
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => voicePreview(ctx.deps, input)),
  /** REST: POST /api/projects/{id}/upload-avatar */
  uploadAvatar: protectedProcedure
    .meta({ summary: 'Upload an avatar photo (data URL): checked by content, re-encoded, selected', rest: { method: 'POST', path: '/api/projects/{id}/upload-avatar', access: 'customer', inputFrom: 'body' } })
    .input(uploadAvatarInputSchema)
    .output(z.object({ url: z.string(), aspectRatio: aspectSchema, project: projectSchema }))
    .mutation(({ ctx, input }) => uploadAvatar(ctx.deps, ctx.user.id, input)),
  /** REST: POST /api/projects/{id}/generate-avatar-product */
  generateAvatarProduct: protectedProcedure
    .meta({ summary: 'Four pictures of the chosen avatar with the product (a durable job)', rest: { method: 'POST', path: '/api/projects/{id}/generate-avatar-product', access: 'customer', inputFrom: 'body' } })
    .input(generateAvatarProductInputSchema)
    .output(z.object({ job: generationJobSchema, project: projectSchema, variations: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => {
      const done = await generateAvatarProduct(ctx.deps, ctx.user.id, input);
      return { ...done, variations: done.project.assets.avatar_product?.variations ?? [] };
    }),
};
