import { generateAvatarProduct } from '@reelsmith/core';
import { generateAvatarProductInputSchema, projectSchema } from '@reelsmith/shared';
import { generationJobSchema } from './job-schema.ts';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects/{id}/generate-avatar-product */
export const generateAvatarProductProcedure = protectedProcedure
  .meta({ summary: 'Four pictures of the chosen avatar with the product (a durable job; answers when it is done, or at once with Prefer: respond-async)', rest: { method: 'POST', path: '/api/projects/{id}/generate-avatar-product', access: 'customer', inputFrom: 'body', respondAsync: 'generation.start.avatarProduct' } })
  .input(generateAvatarProductInputSchema)
  .output(z.object({ job: generationJobSchema, project: projectSchema, variations: z.array(z.string()) }))
  .mutation(async ({ ctx, input }) => {
    const done = await generateAvatarProduct(ctx.deps, ctx.user.id, input);
    return { ...done, variations: done.project.assets.avatar_product?.variations ?? [] };
  });
