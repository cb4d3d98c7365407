import type { FastifyInstance } from 'fastify';
import { receiveProviderWebhook, type AppDeps, type ProviderWebhookVerifier } from '@reelsmith/core';
import { FalWebhookVerifier, ReplicateWebhookVerifier, type CallbackProvider, type ProvidersConfig } from '@reelsmith/media';
import { errorBody } from '../plugins/error-handler.ts';

export const providerWebhookPaths: Record<CallbackProvider, string> = {
  replicate: '/api/providers/replicate/webhook',
  fal: '/api/providers/fal/webhook',
};

/** The verifier of each provider whose callbacks this server asked for (PROVIDER_WEBHOOKS=on). */
export function providerWebhookVerifiers(providers: ProvidersConfig): Partial<Record<CallbackProvider, ProviderWebhookVerifier>> {
  return {
    ...(providers.replicate?.webhook ? { replicate: new ReplicateWebhookVerifier(providers.replicate) } : {}),
    ...(providers.fal?.webhook ? { fal: new FalWebhookVerifier(providers.fal.webhook.jwksUrl) } : {}),
  };
}

/**
 * POST /api/providers/{replicate,fal}/webhook: the providers' callbacks when a prediction finishes.
 * The raw body is kept for the signature; no session, no cross-site check (exempt in cross-site.ts),
 * no rate limit. A bad signature answers 401 (logged without the body); a verified callback 200,
 * also for an id nobody waits for, so the provider stops retrying.
 */
export async function registerProviderWebhooks(app: FastifyInstance, core: AppDeps, providers: ProvidersConfig): Promise<void> {
  const verifiers = providerWebhookVerifiers(providers);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const provider of ['replicate', 'fal'] as const) {
      scope.post(providerWebhookPaths[provider], { config: { rateLimit: false }, bodyLimit: 1024 * 1024 }, async (req, reply) => {
        const verifier = verifiers[provider];
        if (!verifier) return reply.status(404).send(errorBody(404, 'Provider webhooks are not enabled on this server'));
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await receiveProviderWebhook(core, provider, verifier, req.headers, body);
        if (outcome.result === 'refused') {
          req.log.warn({ provider, reason: outcome.reason }, 'provider webhook refused');
          return reply.status(401).send(errorBody(401, 'Invalid webhook signature', { requiresReauth: false }));
        }
        if (outcome.result === 'ignored') req.log.info({ provider, externalId: outcome.externalId }, 'provider webhook for nothing waiting; acknowledged');
        return { received: true };
      });
    }
  });
}
