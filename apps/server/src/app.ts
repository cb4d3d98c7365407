import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Logger } from 'pino';
import type { AppDeps } from '@reelsmith/core';
import { registerAuth } from './auth/register-auth.ts';
import { registerLocalCheckout } from './billing/local-checkout-routes.ts';
import { registerMediaRoute } from './media/media-route.ts';
import { registerStripeWebhook } from './billing/stripe-webhook.ts';
import { registerProviderWebhooks } from './providers/provider-webhooks.ts';
import type { Config } from './config.ts';
import { bufferJsonResponses } from './plugins/buffer-json-responses.ts';
import { zlibCompressingOnce } from './plugins/compressed-answers.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHealth } from './plugins/health.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { metricsExposure } from './plugins/metrics-access.ts';
import type { AppMetrics } from './plugins/metrics-registry.ts';
import { decorateRefusal } from './plugins/request-refusal.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaticApps } from './plugins/static-apps.ts';
import { registerTrpc } from './plugins/trpc.ts';
import { renderDocsPage } from './rest/docs-page.ts';
import { servedOpenApiDocument } from './rest/openapi.ts';
import { registerRest } from './rest/register-rest.ts';

export interface AppOptions {
  config: Config;
  core: AppDeps;
  logger: Logger;
  /** Signs time-limited media URLs. */
  mediaSecret: string;
  /** This instance's metrics (the same object as core.metrics): requests are timed and /metrics served as configured. */
  metrics?: AppMetrics | undefined;
}

/** Builds the whole HTTP app from its dependencies, without listening (tests use inject()). */
export async function buildApp({ config, core, logger, mediaSecret, metrics }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 15 * 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });
  // First, so its hooks time every route registered below.
  if (metrics) registerMetrics(app, metrics, metricsExposure(config.metrics, config.isProduction), config.metrics);

  // Text answers (JS, CSS, HTML, JSON) are compressed; media is already compressed and keeps its ranges.
  // Answers up to 64 KiB (all API JSON) are compressed in one call rather than through a zlib stream
  // per response, the plugin's default above 8 KiB on two cores: about a third less CPU (bench/api);
  // and an answer sent again unchanged is not compressed again (compressed-answers.ts).
  bufferJsonResponses(app);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
    zlib: zlibCompressingOnce(),
  });
  await app.register(cookie);
  await registerSecurity(app, config, core);
  registerErrorHandler(app);
  // Guards every route registered below: cross-site state changes, then control characters in any input.
  // Form bodies are parsed only by the routes plain HTML forms post to (development sign-in, local checkout).
  decorateRefusal(app);
  registerCrossSiteGuard(app, config);
  registerInputGuard(app);

  registerHealth(app, core);
  await registerTrpc(app, core);
  registerRest(app, core);
  const openapi = servedOpenApiDocument();
  const docsPage = renderDocsPage(openapi as never);
  app.get('/api/openapi.json', () => openapi);
  app.get('/api/docs', (_req, reply) => reply.type('text/html').send(docsPage));
  await registerAuth(app, { config, core });
  await registerStripeWebhook(app, core);
  await registerProviderWebhooks(app, core, config.providers);
  registerMediaRoute(app, core, mediaSecret);
  if (core.payments.kind === 'local') await registerLocalCheckout(app, core);
  await registerStaticApps(app, config);
  return app;
}
