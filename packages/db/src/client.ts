import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { installReadCache, type ReadCacheStats } from './embedded-read-cache.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';

/** PGlite's compiled WebAssembly module and its file-system bundle. */
export interface PGliteBinaries {
  wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>;
  fsBundle: Blob;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory. */
  pgliteDir?: string | undefined;
  /** Starts the embedded database from a dumped data directory (test snapshots) instead of an empty one. */
  pgliteLoadDataDir?: Blob | undefined;
  /** PGlite's compiled WebAssembly module and file-system bundle, when the caller keeps them across instances (tests). */
  pgliteBinaries?: PGliteBinaries | undefined;
  /** Pool size for real PostgreSQL. */
  poolMax?: number | undefined;
  /** Told when an idle pooled connection fails. */
  onIdleError?: ((err: Error) => void) | undefined;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded instance, when kind is pglite (the job queue shares it). */
  pglite?: PGlite;
  /** What the embedded database's read cache has done (embedded-read-cache.ts), when kind is pglite. */
  readCache?: ReadCacheStats;
  /** The pg pool, when kind is postgres. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 (counts, bigserial) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle connection the server drops (restart, failover, DROP DATABASE) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    ...(options.pgliteBinaries ? { pgliteWasmModule: options.pgliteBinaries.wasmModule, fsBundle: options.pgliteBinaries.fsBundle } : {}),
    parsers: { 20: (v: string) => Number.parseInt(v, 10), 1700: (v: string) => Number.parseFloat(v) },
  });
  const readCache = installReadCache(pglite);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    readCache,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
