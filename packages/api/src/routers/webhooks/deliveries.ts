import { listWebhookDeliveryLog } from '@reelsmith/core';
import { webhookDeliverySchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** The latest 50 delivery attempts to the customer's endpoints; a key may read them (no secrets). */
export const webhookDeliveriesProcedure = protectedProcedure
  .meta({
    summary: 'The latest 50 webhook delivery attempts: event, endpoint, attempt, status or error, duration, next retry',
    rest: { method: 'GET', path: '/api/webhooks/deliveries', access: 'customer' },
  })
  .output(z.array(webhookDeliverySchema))
  .query(({ ctx }) => listWebhookDeliveryLog(ctx.deps, ctx.user.id));
