import { router } from '../../trpc.ts';
import { createWebhookEndpointProcedure } from './create.ts';
import { deleteWebhookEndpointProcedure } from './delete.ts';
import { webhookDeliveriesProcedure } from './deliveries.ts';
import { listWebhookEndpointsProcedure } from './list.ts';
import { sendTestWebhookProcedure } from './send-test.ts';

/** Profile → Webhooks: the customer's callback URLs for finished generation jobs, and their delivery log. */
export const webhooksRouter = router({
  list: listWebhookEndpointsProcedure,
  create: createWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  deliveries: webhookDeliveriesProcedure,
  sendTest: sendTestWebhookProcedure,
});
