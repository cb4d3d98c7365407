import { listWebhookEndpointsOrPage } from '@reelsmith/core';
import { listOrPagedSchema, optionalPageQuerySchema, webhookEndpointSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/**
 * REST: GET /api/webhooks — the plain array; with `page` or `limit`, the paging envelope. A key may
 * list its owner's endpoints: the list holds no secrets.
 */
export const listWebhookEndpointsPagedProcedure = protectedProcedure
  .meta({
    summary: "The customer's webhook endpoints (URL, description, created; never the secret); paged (the envelope) when page or limit is given",
    rest: { method: 'GET', path: '/api/webhooks', access: 'customer', inputFrom: 'query' },
  })
  .input(optionalPageQuerySchema)
  .output(listOrPagedSchema(webhookEndpointSchema))
  .query(({ ctx, input }) => listWebhookEndpointsOrPage(ctx.deps, ctx.user.id, input));
