import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForWorkerHealth } from '../src/worker-health.ts';
import { capturedLogger } from './support/log-lines.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// A worker's own health port: answers /healthz and /readyz, logs no line per request (a container runtime
// asks every few seconds), and starts without Fastify's deprecation warning for the request-log switch.
describe('a worker health port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and readiness, writes no request lines, and starts without a deprecation warning', async () => {
    const { logger, lines } = capturedLogger('info');
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const health = await listenForWorkerHealth(t.app.core, logger, '127.0.0.1', 0);
    try {
      const address = health.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.filter((line) => line.reqId)).toEqual([]);
      expect(warnings.map((w) => `${(w as { code?: string }).code ?? ''} ${w.message}`).filter((w) => /FSTDEP|deprecat/i.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await health.close();
    }
  });
});
