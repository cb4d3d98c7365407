import { createShare, getPublicShare, recordShareView } from '@reelsmith/core';
import { projectIdInputSchema, publicShareSchema, shortIdSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc.ts';

const shortIdInput = z.object({ shortId: shortIdSchema }).strict();

export const sharingRouter = router({
  /** REST: POST /api/projects/{id}/share */
  create: protectedProcedure
    .meta({ summary: "The project's public share link (made once; finished projects only)", rest: { method: 'POST', path: '/api/projects/{id}/share', access: 'customer', inputFrom: 'path' } })
    .input(projectIdInputSchema)
    .output(z.object({ shortId: z.string(), views: z.number().int(), path: z.string() }))
    .mutation(({ ctx, input }) => createShare(ctx.deps, ctx.user.id, input.id)),
  /** REST: GET /api/share/{shortId} */
  get: publicProcedure
    .meta({ summary: 'A shared project, public fields only', rest: { method: 'GET', path: '/api/share/{shortId}', access: 'public', inputFrom: 'path' } })
    .input(shortIdInput)
    .output(publicShareSchema)
    .query(({ ctx, input }) => getPublicShare(ctx.deps, input.shortId)),
  /** REST: PUT /api/share/{shortId}/view */
  view: publicProcedure
    .meta({ summary: 'Count a view (once per viewer and half hour)', rest: { method: 'PUT', path: '/api/share/{shortId}/view', access: 'public', inputFrom: 'path', rateLimitPerMinute: 60 } })
    .input(shortIdInput)
    .output(z.object({ views: z.number().int(), counted: z.boolean() }))
    .mutation(({ ctx, input }) => recordShareView(ctx.deps, input.shortId, { ip: ctx.ip, userAgent: ctx.userAgent })),
});
