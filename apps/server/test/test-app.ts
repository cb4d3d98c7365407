import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSeededTestDatabase, silentLogger, testClock, type TestClock } from '@reelsmith/core/testing';
import type { TestDatabase } from '@reelsmith/db/testing';
import type { DatabaseKind } from '@reelsmith/db';
import { createEmailNotifier, JobEvents, LocalDiskStorage, PlatformStatusCache, projectCleanup, SmtpTransports, type AppDeps } from '@reelsmith/core';
import { JobRunner } from '@reelsmith/jobs';
import { createLocalEngine } from '@reelsmith/media';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { createPaymentProvider } from '../src/payments.ts';
import { AppMetrics } from '../src/plugins/metrics-registry.ts';

/** The media-signing secret of test apps (signed /media links verify against it). */
export const testMediaSecret = 'test-media-secret-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance & { core: AppDeps };
  /** The app's metrics, when built with `metrics: true`. */
  metrics?: AppMetrics | undefined;
  jobs: JobRunner;
  config: Config;
  db: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on a real test database, built without listening; env values override defaults. */
export async function buildTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  db?: TestDatabase,
  options: {
    work?: boolean;
    /** Wires the transactional e-mail notifier, as the real server does. */
    email?: boolean;
    /** Gives the app (and its job runner) its own metrics, as the real server does. */
    metrics?: boolean;
  } = {},
): Promise<TestApp> {
  const database = db ?? (await createSeededTestDatabase(kind));
  const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    ADMIN_DIST: join(dataDir, 'no-admin'),
    ...env,
  });
  const clock = testClock(new Date());
  const storage = new LocalDiskStorage(join(config.dataDir, 'media'));
  const jobs = new JobRunner({ database, databaseUrl: database.url, logger: silentLogger, pollingIntervalSeconds: 0.5, emailRetryBaseSeconds: config.smtpDelivery.retryBaseSeconds });
  const smtpTransports = new SmtpTransports(config.smtpDelivery);
  await jobs.start();
  const jobEvents = await JobEvents.listen(database, silentLogger);
  // The feature switches kept as the server keeps them. A test's reset empties the settings table; the
  // trigger's notification arrives a moment later, so the reset also forgets at once.
  const platformStatus = await PlatformStatusCache.listen(database, silentLogger);
  const reset = database.reset.bind(database);
  database.reset = async () => {
    await reset();
    platformStatus.forget();
  };
  const core: AppDeps = {
    db: database.db,
    clock,
    logger: silentLogger,
    publicUrl: config.publicUrl,
    payments: createPaymentProvider(config, database.db, clock),
    engine: createLocalEngine(),
    storage,
    jobs,
    jobEvents,
    platformStatus,
    workDir: config.workDir,
    cleanupProject: projectCleanup({ storage, logger: silentLogger }),
    mediaSecret: testMediaSecret,
    smtpFallback: config.smtp,
    smtpTransports,
    emailRetries: jobs,
    webhooks: { queue: jobs, ...config.webhooks },
  };
  if (options.email) core.email = createEmailNotifier(core);
  const metrics = options.metrics ? new AppMetrics({ db: database.db, pool: database.pool, logger: silentLogger }) : undefined;
  core.metrics = metrics;
  if (options.work !== false) await jobs.work(core);
  const app = Object.assign(await buildApp({ config, core, logger: createLogger(process.env['TEST_LOG_LEVEL'] ?? 'silent'), mediaSecret: testMediaSecret, metrics }), { core });
  await app.ready();
  return {
    app,
    metrics,
    config,
    db: database,
    clock,
    jobs,
    close: async () => {
      await app.close();
      await jobs.stop();
      await jobEvents.close();
      await platformStatus.close();
      smtpTransports.close();
      if (!db) await database.close();
    },
  };
}

/** The session cookie value a response set, as a Cookie header. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

let signIns = 0;

/** Signs in through the development page; each call comes from its own address, as separate people would. */
export async function devSignIn(app: FastifyInstance, email: string, name = 'Test User'): Promise<string> {
  signIns += 1;
  const remoteAddress = `198.18.${Math.floor(signIns / 250) % 250}.${(signIns % 250) + 1}`;
  const res = await app.inject({ method: 'POST', url: '/auth/dev', payload: { email, name }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`dev sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

/** Listens on a free loopback port (real sockets, as clients arrive) and answers the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
