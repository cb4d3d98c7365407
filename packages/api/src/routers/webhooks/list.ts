import { listWebhookEndpoints } from '@reelsmith/core';
import { webhookEndpointSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** The web app's endpoint list (a plain array); REST GET /api/webhooks is listPaged beside it. */
export const listWebhookEndpointsProcedure = protectedProcedure
  .meta({ summary: "The customer's webhook endpoints (URL, description, created; never the secret)" })
  .output(z.array(webhookEndpointSchema))
  .query(({ ctx }) => listWebhookEndpoints(ctx.deps, ctx.user.id));
