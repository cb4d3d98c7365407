import { listWebhookDeliveryLog } from '@reelsmith/core';
import { webhookDeliverySchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** The web app's delivery log, the latest 50 attempts; REST GET /api/webhooks/deliveries is deliveriesPaged beside it. */
export const webhookDeliveriesProcedure = protectedProcedure
  .meta({ summary: 'The latest 50 webhook delivery attempts: event, endpoint, attempt, status or error, duration, next retry' })
  .output(z.array(webhookDeliverySchema))
  .query(({ ctx }) => listWebhookDeliveryLog(ctx.deps, ctx.user.id));
