import { sendTestWebhook } from '@reelsmith/core';
import { webhookEndpointIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** Queues a `webhook.test` event to one of the customer's endpoints (delivered by the queue, not this request). */
export const sendTestWebhookProcedure = protectedProcedure
  .meta({ summary: 'Send a test event (webhook.test) to a webhook endpoint; it is queued and appears in the delivery log', rest: { method: 'POST', path: '/api/webhooks/{id}/test', access: 'customer', inputFrom: 'path' } })
  .input(webhookEndpointIdInputSchema)
  .output(z.object({ eventId: z.string() }))
  .mutation(({ ctx, input }) => sendTestWebhook(ctx.deps, ctx.user.id, input.id));
