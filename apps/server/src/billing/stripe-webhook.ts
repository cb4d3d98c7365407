import type { FastifyInstance } from 'fastify';
import { processPaymentEvent, StripePaymentProvider, type AppDeps } from '@reelsmith/core';
import { errorBody } from '../plugins/error-handler.ts';

/**
 * POST /api/stripe/webhook: verifies Stripe's signature over the raw body, then applies each event
 * once. A failure answers 500 so Stripe retries; the event is only marked seen when applied.
 */
export async function registerStripeWebhook(app: FastifyInstance, core: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', { config: { rateLimit: false }, bodyLimit: 1024 * 1024 }, async (req, reply) => {
      const provider = core.payments;
      if (!(provider instanceof StripePaymentProvider)) return reply.status(404).send(errorBody(404, 'Stripe is not configured on this server'));
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) return reply.status(400).send(errorBody(400, 'Missing Stripe signature'));
      let event;
      try {
        event = provider.verifyWebhook(req.body, signature);
      } catch {
        req.log.warn('Stripe webhook with an invalid signature refused');
        return reply.status(400).send(errorBody(400, 'Invalid Stripe signature'));
      }
      // Read from Stripe under the lock of the subscription or charge it is about, so concurrent events land in the order of their reads.
      const result = await processPaymentEvent(core, event.id, event.type, {
        lockKey: provider.lockKeyOf(event),
        read: () => provider.toBillingEvent(event),
      });
      return { received: true, result };
    });
  });
}
