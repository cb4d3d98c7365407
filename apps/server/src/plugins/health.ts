import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@reelsmith/core';
import { pingDatabase } from '@reelsmith/db';

export function registerHealth(app: FastifyInstance, core: AppDeps): void {
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await pingDatabase(core.db);
      return { ok: true, database: 'up' };
    } catch (err) {
      app.log.error({ err }, 'health check: database down');
      return reply.status(503).send({ ok: false, database: 'down' });
    }
  });
}
