import { deleteWebhookEndpoint } from '@reelsmith/core';
import { webhookEndpointIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { webhookSessionProcedure } from './session-only.ts';

/** Nothing more is sent to a deleted endpoint, queued retries included; another customer's is not found. */
export const deleteWebhookEndpointProcedure = webhookSessionProcedure
  .meta({ summary: 'Delete a webhook endpoint (signed-in session only)', rest: { method: 'DELETE', path: '/api/webhooks/{id}', access: 'customer', inputFrom: 'path' } })
  .input(webhookEndpointIdInputSchema)
  .output(z.object({ id: z.string(), deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await deleteWebhookEndpoint(ctx.deps, ctx.user.id, input.id);
    return { id: input.id, deleted: true as const };
  });
