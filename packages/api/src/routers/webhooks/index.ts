import { router } from '../../trpc.ts';
import { createWebhookEndpointProcedure } from './create.ts';
import { deleteWebhookEndpointProcedure } from './delete.ts';
import { webhookDeliveriesProcedure } from './deliveries.ts';
import { webhookDeliveriesPagedProcedure } from './deliveries-paged.ts';
import { listWebhookEndpointsProcedure } from './list.ts';
import { listWebhookEndpointsPagedProcedure } from './list-paged.ts';
import { sendTestWebhookProcedure } from './send-test.ts';

/** Profile → Webhooks: the customer's callback URLs for finished generation jobs, and their delivery log. */
export const webhooksRouter = router({
  list: listWebhookEndpointsProcedure,
  listPaged: listWebhookEndpointsPagedProcedure,
  create: createWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  deliveries: webhookDeliveriesProcedure,
  deliveriesPaged: webhookDeliveriesPagedProcedure,
  sendTest: sendTestWebhookProcedure,
});
