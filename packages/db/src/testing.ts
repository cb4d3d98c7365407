// Real databases for tests: embedded PGlite always, real PostgreSQL when TEST_DATABASE_URL (or
// DATABASE_URL) points at a server. Each test database starts migrated (a PGlite snapshot or a PostgreSQL template copy) and is dropped.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind, type PGliteBinaries } from './client.ts';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrator.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table (keeps the migrations). */
  reset(): Promise<void>;
  /** Connection URL of the created PostgreSQL database, for processes started by the test. */
  url?: string;
}

export function postgresTestUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** The database kinds tests should run on here: always PGlite, and PostgreSQL when a URL is given. */
export function testDatabaseKinds(): DatabaseKind[] {
  return postgresTestUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** What a test database holds beyond the migrations (reference data); part of the PGlite snapshot. */
export interface TestDatabasePreparation {
  /** Names the preparation in the snapshot's file name; change it when what `run` writes changes. */
  key: string;
  run(db: Kysely<Database>): Promise<void>;
}

/** The migrations' own source: a changed migration makes a new snapshot. */
const migrationsDigest = (() => {
  const dir = join(import.meta.dirname, 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
})();

/**
 * A PGlite data directory, migrated and prepared, dumped once per machine and migration set and shared
 * by every test file (each loads it instead of running initdb and the migrations: about 1 s, not 6).
 * Written atomically, so parallel test workers never read half a file.
 */
async function pgliteSnapshot(preparation: TestDatabasePreparation | undefined): Promise<Blob> {
  const key = preparation?.key ?? 'migrated';
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = readOrMakeSnapshot(preparation);
    snapshots.set(key, snapshot);
    snapshot.catch(() => snapshots.delete(key));
  }
  return snapshot;
}

/** The snapshots this process has read, by preparation key (a worker's files share them). */
const snapshots = new Map<string, Promise<Blob>>();

/**
 * PGlite's WebAssembly module compiled once per process, and its file-system bundle read once: every
 * test database of a worker starts from them instead of compiling and reading them again.
 */
let pgliteBinaries: Promise<PGliteBinaries> | undefined;
function loadPgliteBinaries(): Promise<PGliteBinaries> {
  pgliteBinaries ??= (async () => {
    const dist = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const [wasm, bundle] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { wasmModule: await (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteBinaries['wasmModule']> } }).WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return pgliteBinaries;
}

async function readOrMakeSnapshot(preparation: TestDatabasePreparation | undefined): Promise<Blob> {
  const file = join(tmpdir(), `reelsmith-pglite-${migrationsDigest}-${preparation?.key ?? 'migrated'}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet on this machine: make it.
  }
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
    await preparation?.run(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await handle.close();
  }
}

/** The template database that holds the migrations and this preparation, on a PostgreSQL test server. */
export function postgresTemplateName(preparation: TestDatabasePreparation | undefined): string {
  const digest = createHash('sha256').update(`${migrationsDigest}:${preparation?.key ?? 'migrated'}`).digest('hex').slice(0, 16);
  return `reelsmith_tpl_${digest}`;
}

/**
 * A PostgreSQL template database, migrated and prepared once per server and migration set; every test
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy instead of running each migration
 * again). Parallel workers (and parallel calls in one worker) take a session advisory lock named after
 * the template before building it, so exactly one builds and the others wait and find it finished. It
 * is built under a second name and renamed when complete, so a builder killed half-way leaves no
 * half-built template (the next builder drops the leftover). Without the lock, two builders renaming at
 * once could both pass PostgreSQL's duplicate-name check and one fail on the catalogue's unique index.
 */
async function postgresTemplate(adminUrl: string, preparation: TestDatabasePreparation | undefined): Promise<string> {
  const name = postgresTemplateName(preparation);
  const exists = async (c: pg.Client) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  return withAdminClient(adminUrl, async (c) => {
    if (await exists(c)) return name;
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(c)) return name;
      const building = name.replace('reelsmith_tpl_', 'reelsmith_tplb_');
      await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${building}`);
      const parsed = new URL(adminUrl);
      parsed.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: parsed.toString(), poolMax: 1 });
      try {
        await migrateToLatest(handle.db);
        await preparation?.run(handle.db);
      } finally {
        await handle.close();
      }
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

export async function createTestDatabase(kind: DatabaseKind, preparation?: TestDatabasePreparation): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const adminUrl = postgresTestUrl();
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const template = await postgresTemplate(adminUrl, preparation);
    const name = `reelsmith_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    handle = await openDatabase({ databaseUrl: url, poolMax: 5 });
    dropDatabase = () => withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  } else {
    const [snapshot, binaries] = await Promise.all([pgliteSnapshot(preparation), loadPgliteBinaries()]);
    handle = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: snapshot, pgliteBinaries: binaries });
  }
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`.execute(handle.db);
  const names = tables.rows.map((r) => `"${r.tablename}"`);
  // Emptied with DELETE, foreign keys and triggers off for the transaction: a test's tables hold a few
  // rows, and TRUNCATE makes new files for every table and index (measured per reset: PostgreSQL 179 ms
  // against 1.4 ms, PGlite 45 ms of CPU against 2). No table has a sequence to restart. Setting the
  // role needs a superuser (or the SET privilege): a server that refuses it gets TRUNCATE.
  const deleteAll = `SET LOCAL session_replication_role = replica; ${names.map((n) => `DELETE FROM ${n};`).join(' ')}`;
  const truncateAll = `TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`;
  let canDelete = true;
  const emptyTables = async () => {
    if (canDelete) {
      try {
        if (handle.pglite) await handle.pglite.transaction((tx) => tx.exec(deleteAll));
        else await handle.db.transaction().execute((trx) => sql.raw(deleteAll).execute(trx));
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '42501') throw err;
        canDelete = false;
      }
    }
    await sql.raw(truncateAll).execute(handle.db);
  };
  const result: TestDatabase = {
    ...handle,
    reset: emptyTables,
    close: async () => {
      await handle.close();
      await dropDatabase?.();
    },
  };
  if (url) result.url = url;
  return result;
}
export { fillFinishedWizards, type FinishedWizardFixture } from './fixtures.ts';
