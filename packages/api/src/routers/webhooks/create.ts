import { createWebhookEndpoint } from '@reelsmith/core';
import { createdWebhookEndpointSchema, createWebhookEndpointInputSchema } from '@reelsmith/shared';
import { webhookSessionProcedure } from './session-only.ts';

/** The answer is the only time the endpoint's signing secret (whsec_…) is shown. */
export const createWebhookEndpointProcedure = webhookSessionProcedure
  .meta({
    summary: 'Add a webhook endpoint (signed-in session only; its signing secret is shown once, in this answer)',
    rest: { method: 'POST', path: '/api/webhooks', access: 'customer', inputFrom: 'body', successStatus: 201 },
  })
  .input(createWebhookEndpointInputSchema)
  .output(createdWebhookEndpointSchema)
  .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.deps, ctx.user.id, input));
