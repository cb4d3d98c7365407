import type { AppDeps } from '@reelsmith/core';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { buildRuntimeDeps } from './deps.ts';
import { createLogger } from './logger.ts';
import { listenForMetrics } from './plugins/metrics.ts';
import { prepareStartupData } from './startup-data.ts';
import { checkStripeSetup } from './payments.ts';
import { closeOnSignals, endEventStreamsOnClose } from './shutdown.ts';
import { listenForWorkerHealth } from './worker-health.ts';

export interface StartOptions {
  /**
   * Runs once the database is migrated and its reference data seeded, before the process serves or
   * works: for a launcher that starts the server with data of its own (the e2e suite's fixtures).
   */
  prepare?: (core: AppDeps) => Promise<void>;
}

/**
 * What `node src/main.ts` does: reads the config, builds the services, seeds the reference data,
 * then listens (or, as a worker, works the job queue) until SIGINT/SIGTERM closes it gracefully
 * (shutdown.ts: in-flight requests and running jobs get SHUTDOWN_GRACE_SECONDS to finish).
 */
export async function startServer(options: StartOptions = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const runtime = await buildRuntimeDeps(config, logger);
  const data = await prepareStartupData(config, runtime.core, { demo: false });
  await options.prepare?.(runtime.core);
  const graceMs = config.shutdownGraceSeconds * 1000;
  if (config.role === 'worker') {
    const metricsListener = await listenForMetrics(config, runtime.metrics, logger);
    const health = config.workerHealthPort ? await listenForWorkerHealth(runtime.core, logger, config.host, config.workerHealthPort) : undefined;
    // No new job is taken from here on; running ones finish within the grace period or go back to the queue.
    closeOnSignals({
      logger,
      graceMs,
      close: async () => {
        await health?.close();
        await runtime.close();
        await metricsListener?.close();
      },
    });
    logger.info({ concurrency: config.workerConcurrency, healthPort: config.workerHealthPort }, 'Reelsmith worker is working the job queue');
    return;
  }
  try {
    await checkStripeSetup(config, runtime.core.payments, logger);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await runtime.close();
      process.exit(78);
    }
    throw err;
  }
  const app = await buildApp({ config, core: runtime.core, logger, mediaSecret: runtime.mediaSecret, metrics: runtime.metrics });
  const metricsListener = await listenForMetrics(config, runtime.metrics, logger);
  app.addHook('onClose', async () => {
    await metricsListener?.close();
    await runtime.close();
  });

  // Stops listening (requests arriving meanwhile get 503), ends progress streams, lets in-flight requests
  // finish, then closes the services (onClose above; with ROLE=all running jobs finish or go back to the queue).
  endEventStreamsOnClose(app);
  closeOnSignals({ logger, graceMs, close: () => app.close() });

  await app.listen({ host: config.host, port: config.port });
  logger.info({ url: config.publicUrl, env: config.env, database: runtime.database.kind }, 'Reelsmith is listening');
  if (config.env !== 'test') {
    const lines = [
      '',
      `  Reelsmith is running at ${config.publicUrl}`,
      `  Back-office:  ${config.publicUrl}/admin`,
      `  Main admin:   ${data.adminEmail}${data.adminPassword ? `  password: ${data.adminPassword}` : ''}`,
      config.google ? '  Sign-in:      Google' : '  Sign-in:      development page (no Google client configured)',
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
