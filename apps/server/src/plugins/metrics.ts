import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { appRouter } from '@reelsmith/api';
import type { Logger } from '@reelsmith/core';
import { errorBody } from './error-handler.ts';
import type { Config } from '../config.ts';
import { metricsAccess, metricsExposure, tokenDigest, type MetricsExposure, type MetricsSettings } from './metrics-access.ts';
import { methodLabel, PROGRESS_STREAM_ROUTE, routeLabel } from './metrics-labels.ts';
import type { AppMetrics } from './metrics-registry.ts';

export const METRICS_PATH = '/metrics';
const unauthorisedMessage = 'Metrics need a valid token: send Authorization: Bearer <METRICS_TOKEN>.';

/** Every procedure's path, for the tRPC route labels (anything else is one "unknown" label). */
const procedurePaths: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));

interface RequestTiming {
  started: number;
  method: string;
  route: string;
}

/**
 * Times every request of the app by method, route pattern and status, counts the open progress
 * streams, and serves /metrics on the app's port when the exposure says so. Registered first in
 * app.ts, so its hooks see every route.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, exposure: MetricsExposure, settings: MetricsSettings): void {
  const timings = new WeakMap<FastifyRequest, RequestTiming>();
  app.addHook('onRequest', (request, reply, done) => {
    const route = routeLabel(request.routeOptions, request.url, procedurePaths);
    timings.set(request, { started: performance.now(), method: methodLabel(request.method), route });
    if (route === PROGRESS_STREAM_ROUTE) {
      metrics.progressStreamOpened();
      // 'close' comes once, when the stream ends or the browser goes away.
      reply.raw.once('close', () => metrics.progressStreamClosed());
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const timing = timings.get(request);
    if (timing) metrics.httpRequestFinished({ method: timing.method, route: timing.route, status: reply.statusCode }, (performance.now() - timing.started) / 1000);
    done();
  });
  if (exposure.where === 'app-port') app.get(METRICS_PATH, metricsHandler(metrics, { token: settings.token, loopbackOnly: exposure.loopbackOnly }));
  // Served elsewhere or not at all: a plain 404, not the apps' page fallback (a scraper pointed here by mistake sees why it fails).
  else app.get(METRICS_PATH, (request, reply) => reply.status(404).header('cache-control', 'no-store').send(errorBody(404, `No route for ${request.method} ${METRICS_PATH}`)));
}

/** GET /metrics: 401 without the token (or, with none configured, from a caller not on loopback). */
function metricsHandler(metrics: AppMetrics, options: { token: string | undefined; loopbackOnly: boolean }) {
  const guard = { expected: options.token ? tokenDigest(options.token) : undefined, loopbackOnly: options.loopbackOnly };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (metricsAccess(guard, request.headers.authorization, request.socket.remoteAddress) !== 'allowed') {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send(errorBody(401, unauthorisedMessage));
    }
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).send(body);
  };
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * /metrics on a port of its own (METRICS_PORT): the only way a worker, which serves nothing else,
 * shows its job metrics; a server given the port serves /metrics there and not on the app's port.
 */
export async function startMetricsListener(options: { metrics: AppMetrics; settings: MetricsSettings; host: string; port: number; logger: Logger }): Promise<MetricsListener> {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, metricsHandler(options.metrics, { token: options.settings.token, loopbackOnly: false }));
  server.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(404, `Only ${METRICS_PATH} is served on this port.`)));
  await server.listen({ host: options.host, port: options.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  options.logger.info({ port, token: options.settings.token ? 'required' : 'none' }, 'metrics are served on their own port');
  return { url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}${METRICS_PATH}`, close: () => server.close() };
}

/**
 * The own-port listener when METRICS_PORT is set (server or worker); undefined otherwise (a worker
 * without it shows no metrics, which is logged).
 */
export async function listenForMetrics(config: Pick<Config, 'metrics' | 'isProduction' | 'host' | 'role'>, metrics: AppMetrics, logger: Logger): Promise<MetricsListener | undefined> {
  const exposure = metricsExposure(config.metrics, config.isProduction);
  if (exposure.where === 'own-port') return startMetricsListener({ metrics, settings: config.metrics, host: config.host, port: exposure.port, logger });
  if (config.role === 'worker') logger.info({}, 'worker metrics are not served: set METRICS_PORT to let Prometheus scrape this worker');
  else if (exposure.where === 'off') logger.info({}, 'metrics are not served: set METRICS_TOKEN or METRICS_PORT to expose /metrics');
  return undefined;
}
