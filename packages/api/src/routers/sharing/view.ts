import { recordShareView } from '@reelsmith/core';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';
import { shortIdInput } from './short-id-input.ts';

/** REST: PUT /api/share/{shortId}/view */
export const viewProcedure = publicProcedure
  .meta({ summary: 'Count a view (once per viewer and half hour)', rest: { method: 'PUT', path: '/api/share/{shortId}/view', access: 'public', inputFrom: 'path', rateLimitPerMinute: 60 } })
  .input(shortIdInput)
  .output(z.object({ views: z.number().int(), counted: z.boolean() }))
  .mutation(({ ctx, input }) => recordShareView(ctx.deps, input.shortId, { ip: ctx.ip, userAgent: ctx.userAgent }));
