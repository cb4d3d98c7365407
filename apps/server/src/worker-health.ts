import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from '@reelsmith/core';
import { registerHealth } from './plugins/health.ts';

/**
 * A worker serves no requests, but a container runtime still asks whether it is alive and ready:
 * /healthz and /readyz alone, on their own port (WORKER_HEALTH_PORT), not logged per request.
 */
export async function listenForWorkerHealth(core: AppDeps, logger: Logger, host: string, port: number): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }) });
  registerHealth(app, core);
  await app.listen({ host, port });
  return app;
}
