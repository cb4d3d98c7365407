import { sendTestWebhook } from '@reelsmith/core';
import { webhookEndpointIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** Queues a `webhook.test` event to one of the customer's endpoints (delivered by the queue, not this request). */
export const sendTestWebhookProcedure = protectedProcedure
  .meta({ summary: 'Send a test event to a webhook endpoint' })
  .input(webhookEndpointIdInputSchema)
  .output(z.object({ eventId: z.string() }))
  .mutation(({ ctx, input }) => sendTestWebhook(ctx.deps, ctx.user.id, input.id));
