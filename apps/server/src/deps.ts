import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createEmailNotifier, JobEvents, LocalDiskStorage, PlatformStatusCache, ProviderCallbackEvents, projectCleanup, S3Storage, SmtpTransports, systemClock, type AppDeps, type MediaStorage } from '@reelsmith/core';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@reelsmith/db';
import { JobRunner } from '@reelsmith/jobs';
import { createProviderEngine, summariseProviders } from '@reelsmith/media';
import type { Config } from './config.ts';
import { mediaSecret } from './media-secret.ts';
import { AppMetrics } from './plugins/metrics-registry.ts';
import { createPaymentProvider } from './payments.ts';
import { startVoiceCatalogue } from './voice-catalogue.ts';

export interface RuntimeDeps {
  core: AppDeps;
  database: DatabaseHandle;
  jobs: JobRunner;
  mediaSecret: string;
  /** This process's metrics (requests, jobs, queues, pool), exposed as config.metrics says. */
  metrics: AppMetrics;
  close(): Promise<void>;
}

/**
 * Opens the database (PostgreSQL when configured, else embedded PGlite under DATA_DIR), migrates it,
 * and builds the services: payments, media storage and engine, and the durable job queue. Workers
 * start here unless this process only serves requests.
 */
export async function buildRuntimeDeps(config: Config, logger: Logger, options: { work?: boolean } = {}): Promise<RuntimeDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    pgliteDir: join(config.dataDir, 'db'),
    onIdleError: (err) => logger.warn({ err: err.message }, 'idle database connection failed'),
  });
  const migrated = await migrateToLatest(database.db);
  for (const r of migrated.results ?? []) logger.info({ migration: r.migrationName, status: r.status }, 'migration');
  logger.info({ database: database.kind }, 'database ready');
  await mkdir(config.workDir, { recursive: true });
  const storage: MediaStorage = config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'media'));
  const jobs = new JobRunner({ database, databaseUrl: config.databaseUrl, logger, emailRetryBaseSeconds: config.smtpDelivery.retryBaseSeconds, shutdownGraceSeconds: config.shutdownGraceSeconds });
  const smtpTransports = new SmtpTransports(config.smtpDelivery);
  await jobs.start();
  // One listening connection: job changes reach this process's progress streams and waiting requests.
  const jobEvents = await JobEvents.listen(database, logger);
  // And one for saved settings: the feature switches every customer call checks are kept until they change.
  const platformStatus = await PlatformStatusCache.listen(database, logger);
  const signingSecret = await mediaSecret(config);
  const work = options.work ?? config.role !== 'server';
  // Where provider webhooks are on, the worker's render steps wait for the callback (one more listening connection).
  const callbacks = work && (config.providers.replicate?.webhook || config.providers.fal?.webhook) ? await ProviderCallbackEvents.listen(database, logger) : undefined;
  const engine = createProviderEngine(config.providers, { callbacks });
  const syncedVoices = await startVoiceCatalogue(config.providers, database.db, logger, { work });
  if (syncedVoices.voices) engine.voices = syncedVoices.voices;
  const metrics = new AppMetrics({ db: database.db, pool: database.pool, logger, processMetrics: true });
  const core: AppDeps = {
    db: database.db,
    logger,
    metrics,
    clock: systemClock,
    publicUrl: config.publicUrl,
    payments: createPaymentProvider(config, database.db, systemClock),
    // Per capability the configured AI provider, else the offline engine (config.providers).
    engine,
    providers: summariseProviders(config.providers),
    storage,
    jobs,
    jobEvents,
    platformStatus,
    workDir: config.workDir,
    cleanupProject: projectCleanup({ storage, logger }),
    mediaSecret: signingSecret,
    smtpFallback: config.smtp,
    smtpTransports,
    // A temporarily refused mail waits in the job queue for its next attempt.
    emailRetries: jobs,
    // Customers' webhook deliveries are jobs of their own queue, never sent inside a request.
    webhooks: { queue: jobs, ...config.webhooks },
  };
  // Transactional mails go out in the background after their request's transaction commits.
  const email = createEmailNotifier(core);
  core.email = email;
  if (work) await jobs.work(core, { concurrency: config.workerConcurrency });
  return {
    core,
    database,
    jobs,
    mediaSecret: signingSecret,
    metrics,
    close: async () => {
      syncedVoices.stop();
      await jobs.stop();
      await jobEvents.close();
      await platformStatus.close();
      await callbacks?.close();
      await email.settled();
      smtpTransports.close();
      await database.close();
    },
  };
}
