import { listWebhookEndpoints } from '@reelsmith/core';
import { webhookEndpointSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** A key may list its owner's endpoints: the list holds no secrets. */
export const listWebhookEndpointsProcedure = protectedProcedure
  .meta({ summary: "The customer's webhook endpoints (URL, description, created; never the secret)", rest: { method: 'GET', path: '/api/webhooks', access: 'customer' } })
  .output(z.array(webhookEndpointSchema))
  .query(({ ctx }) => listWebhookEndpoints(ctx.deps, ctx.user.id));
