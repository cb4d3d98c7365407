import { listWebhookDeliveryLogOrPage } from '@reelsmith/core';
import { listOrPagedSchema, optionalPageQuerySchema, webhookDeliverySchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/**
 * REST: GET /api/webhooks/deliveries — the latest 50 attempts as a plain array; with `page` or
 * `limit`, a page of every attempt in the envelope. A key may read them (no secrets).
 */
export const webhookDeliveriesPagedProcedure = protectedProcedure
  .meta({
    summary: 'Webhook delivery attempts, newest first (event, endpoint, attempt, status or error, duration, next retry): the latest 50, or a page of all of them when page or limit is given',
    rest: { method: 'GET', path: '/api/webhooks/deliveries', access: 'customer', inputFrom: 'query' },
  })
  .input(optionalPageQuerySchema)
  .output(listOrPagedSchema(webhookDeliverySchema))
  .query(({ ctx, input }) => listWebhookDeliveryLogOrPage(ctx.deps, ctx.user.id, input));
