import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '@reelsmith/core';

export function registerHealth(app: FastifyInstance, core: AppDeps): void {
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await sql`SELECT 1`.execute(core.db);
      return { ok: true, database: 'up' };
    } catch (err) {
      app.log.error({ err }, 'health check: database down');
      return reply.status(503).send({ ok: false, database: 'down' });
    }
  });
}
