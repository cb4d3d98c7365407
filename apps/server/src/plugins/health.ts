import type { FastifyInstance } from 'fastify';
import { READINESS_PROBE_KEY, type AppDeps } from '@reelsmith/core';
import { pingDatabase } from '@reelsmith/db';

/** How long a readiness check may take before its part counts as down. */
const CHECK_TIMEOUT_MS = 3000;

export function registerHealth(app: FastifyInstance, core: AppDeps): void {
  // Alive: the process answers, and says whether the database does (container liveness).
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await pingDatabase(core.db);
      return { ok: true, database: 'up' };
    } catch (err) {
      app.log.error({ err }, 'health check: database down');
      return reply.status(503).send({ ok: false, database: 'down' });
    }
  });

  // Ready for traffic: the database, the media storage and the job queue all answer (load balancers, orchestrators).
  app.get('/readyz', { config: { rateLimit: false } }, async (_req, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => pingDatabase(core.db),
      // S3: the bucket exists and takes our keys (a HEAD alone answers for a missing bucket too).
      storage: () => (core.storage.ready ? core.storage.ready() : core.storage.stat(READINESS_PROBE_KEY)),
      queue: () => core.jobs.ready(),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([part, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [part, 'up'] as const;
        } catch (err) {
          app.log.error({ err: err instanceof Error ? err.message : String(err), part }, 'readiness check: down');
          return [part, 'down'] as const;
        }
      }),
    );
    const ok = results.every(([, state]) => state === 'up');
    return reply.status(ok ? 200 : 503).send({ ok, ...Object.fromEntries(results) });
  });
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
