import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type BillingDeps } from '@reelsmith/core';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@reelsmith/db';
import type { Config } from './config.ts';
import { createPaymentProvider } from './payments.ts';

export interface RuntimeDeps {
  core: BillingDeps;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database (PostgreSQL when configured, else embedded PGlite under DATA_DIR) and migrates it. */
export async function buildRuntimeDeps(config: Config, logger: Logger): Promise<RuntimeDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'db'),
    onIdleError: (err) => logger.warn({ err: err.message }, 'idle database connection failed'),
  });
  const migrated = await migrateToLatest(database.db);
  for (const r of migrated.results ?? []) logger.info({ migration: r.migrationName, status: r.status }, 'migration');
  logger.info({ database: database.kind }, 'database ready');
  return {
    core: {
      db: database.db,
      logger,
      clock: systemClock,
      publicUrl: config.publicUrl,
      payments: createPaymentProvider(config, database.db, systemClock),
    },
    database,
    close: () => database.close(),
  };
}
