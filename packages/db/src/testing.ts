// Real databases for tests: embedded PGlite always, real PostgreSQL when TEST_DATABASE_URL (or
// DATABASE_URL) points at a server. Each test database starts migrated (a PGlite snapshot or a PostgreSQL
// template copy); a closed one goes back to its worker's pool in that state for the next test database.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
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

/**
 * Empties the tables. With DELETE, foreign keys and triggers off for the transaction: a test's tables
 * hold a few rows, and TRUNCATE makes new files for every table and index (measured per reset:
 * PostgreSQL 179 ms against 1.4 ms, PGlite 45 ms of CPU against 2). No table has a sequence to
 * restart. Setting the role needs a superuser (or the SET privilege): a server that refuses it gets TRUNCATE.
 */
function emptier(handle: DatabaseHandle, names: string[]): () => Promise<void> {
  const deleteAll = `SET LOCAL session_replication_role = replica; ${names.map((n) => `DELETE FROM ${n};`).join(' ')}`;
  const truncateAll = `TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`;
  let canDelete = true;
  return async () => {
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
}

async function publicTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%' ORDER BY tablename`.execute(db);
  return tables.rows.map((r) => `"${r.tablename}"`);
}

/**
 * The public schema's shape (tables, columns, defaults, constraints, indexes, triggers, functions): a
 * database handed back with a different shape (a test that altered a table) is not used again. Only the
 * public schema: the job queue's, kept between tests, is pg-boss's own.
 */
async function schemaFingerprint(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ fingerprint: string | null }>`
    SELECT md5(string_agg(item, ',' ORDER BY item)) AS fingerprint FROM (
      SELECT 'r:' || relname || ':' || relkind::text FROM pg_class WHERE relnamespace = 'public'::regnamespace
      UNION ALL SELECT 'a:' || attrelid::regclass || ':' || attname || ':' || format_type(atttypid, atttypmod) || ':' || attnotnull
        FROM pg_attribute WHERE attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace) AND attnum > 0 AND NOT attisdropped
      UNION ALL SELECT 'd:' || adrelid::regclass || ':' || adnum || ':' || pg_get_expr(adbin, adrelid) FROM pg_attrdef
        WHERE adrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
      UNION ALL SELECT 'k:' || conrelid::regclass || ':' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT 'i:' || indexrelid::regclass || ':' || pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
      UNION ALL SELECT 't:' || tgrelid::regclass || ':' || tgname || ':' || tgenabled::text || ':' || tgfoid::regproc FROM pg_trigger
        WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
      UNION ALL SELECT 'f:' || proname || ':' || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
    ) AS shape(item)`.execute(db);
  return result.rows[0]?.fingerprint ?? '';
}

/**
 * Puts the job queue's schema (pg-boss, made by the first job runner started on a database) back to how a
 * new install leaves it, without making it again: creating it is a few hundred statements (about 0.3 s of
 * CPU on either database, more than a whole test app otherwise), emptying it a dozen. Every table but
 * its version is emptied, the queues last (the jobs, schedules and subscriptions name them); the next
 * runner's start finds the schema current and creates its queues again.
 */
async function emptyJobQueue(handle: DatabaseHandle): Promise<void> {
  const tables = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT IN ('version', 'queue')
    ORDER BY c.relname`.execute(handle.db);
  if (tables.rows.length === 0) return;
  const statements = [...tables.rows.map((t) => `DELETE FROM pgboss."${t.name}"`), 'DELETE FROM pgboss.queue'];
  if (handle.pglite) await handle.pglite.transaction((tx) => tx.exec(statements.join('; ')));
  else await handle.db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}

/**
 * Puts a handed-back database into the prepared state: the job queue emptied, rows deleted and the
 * preparation run again. False (and nothing else done) when a test changed the public schema's shape.
 */
async function backToPrepared(handle: DatabaseHandle, emptyTables: () => Promise<void>, shape: Promise<string> | undefined, preparation: TestDatabasePreparation | undefined): Promise<boolean> {
  await emptyJobQueue(handle);
  if ((await schemaFingerprint(handle.db)) !== (await shape)) return false;
  await emptyTables();
  await preparation?.run(handle.db);
  return true;
}

/**
 * PGlite databases that finished tests handed back, by preparation key. Starting PGlite from the
 * snapshot costs about 1 s of CPU; the next test database of the same worker takes one of these
 * instead, put back into the snapshot's state: rows deleted and the preparation run again, the job
 * queue's schema emptied (`emptyJobQueue`), the session discarded (settings, LISTENs, prepared
 * statements). One whose schema a test changed, or that fails any of this, is closed instead.
 */
const idlePglite = new Map<string, DatabaseHandle[]>();
const MAX_IDLE_PGLITE = 2;
/** The schema's fingerprint as the snapshot has it, by preparation key. */
const snapshotShapes = new Map<string, Promise<string>>();

async function takePglite(preparation: TestDatabasePreparation | undefined): Promise<DatabaseHandle> {
  const key = preparation?.key ?? 'migrated';
  const idle = idlePglite.get(key)?.pop();
  if (idle) return idle;
  const [snapshot, binaries] = await Promise.all([pgliteSnapshot(preparation), loadPgliteBinaries()]);
  const handle = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: snapshot, pgliteBinaries: binaries });
  if (!snapshotShapes.has(key)) snapshotShapes.set(key, schemaFingerprint(handle.db));
  return handle;
}

async function handBackPglite(handle: DatabaseHandle, emptyTables: () => Promise<void>, preparation: TestDatabasePreparation | undefined): Promise<void> {
  const key = preparation?.key ?? 'migrated';
  const idle = idlePglite.get(key) ?? [];
  const pglite = handle.pglite!;
  if (pglite.closed || idle.length >= MAX_IDLE_PGLITE) return handle.close();
  try {
    // Through Kysely's connection, so nothing a late caller still runs is interleaved with this.
    await handle.db.connection().execute(async () => {
      if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
      await pglite.exec('DISCARD ALL');
    });
    if (!(await backToPrepared(handle, emptyTables, snapshotShapes.get(key), preparation))) return handle.close();
  } catch {
    return handle.close();
  }
  idle.push(handle);
  idlePglite.set(key, idle);
}

/**
 * PostgreSQL test databases that finished tests handed back, by preparation key. A copy of the template
 * costs the server about 0.5 s of CPU to make and drop (it WAL-logs every page of it; `FILE_COPY`
 * measured the same), more than the whole test app built on it; the next test database of the same worker
 * takes one of these instead. Handed back, a database is closed to every session (a late pool or job
 * worker of the finished test is cut off) and renamed, so nothing still holding its old address can
 * reach it; taken, it is put back into the template's state as PGlite's are. The names carry this host
 * and process, so a later run drops what a finished process left (`sweepLeftovers`).
 */
const idlePostgres = new Map<string, string[]>();
const MAX_IDLE_POSTGRES = 2;
const templateShapes = new Map<string, Promise<string>>();
const hostTag = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
let leftoversSwept: Promise<void> | undefined;

function testDatabaseName(): string {
  return `reelsmith_test_${hostTag}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the test databases of this host's processes that have ended (their idle pools, a killed run's). */
export async function dropEndedProcessesTestDatabases(adminUrl: string): Promise<void> {
  await withAdminClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`reelsmith\\_test\\_${hostTag}\\_%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[3]);
      if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

/** Once per process, before its first copy of a template: a failure leaves the leftovers to the next run. */
function sweepLeftovers(adminUrl: string): Promise<void> {
  leftoversSwept ??= dropEndedProcessesTestDatabases(adminUrl).catch(() => undefined);
  return leftoversSwept;
}

function databaseUrl(adminUrl: string, name: string): string {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const dropDatabaseNamed = (adminUrl: string, name: string) =>
  withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);

/** An idle database of this worker put back into the template's state, or null when there is none that can be. */
interface TakenPostgres {
  name: string;
  handle: DatabaseHandle;
  /** Made while putting a reused database back into its prepared state. */
  emptyTables?: () => Promise<void>;
}

async function takeIdlePostgres(adminUrl: string, key: string, preparation: TestDatabasePreparation | undefined): Promise<TakenPostgres | null> {
  for (let name = idlePostgres.get(key)?.pop(); name; name = idlePostgres.get(key)?.pop()) {
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolMax: 5 }).catch(() => null);
    if (!handle) {
      await dropDatabaseNamed(adminUrl, name).catch(() => undefined);
      continue;
    }
    try {
      const emptyTables = emptier(handle, await publicTables(handle.db));
      if (!(await backToPrepared(handle, emptyTables, templateShapes.get(key), preparation))) throw new Error('the schema was changed');
      return { name, handle, emptyTables };
    } catch {
      await handle.close().catch(() => undefined);
      await dropDatabaseNamed(adminUrl, name).catch(() => undefined);
    }
  }
  return null;
}

async function takePostgres(adminUrl: string, preparation: TestDatabasePreparation | undefined): Promise<TakenPostgres> {
  const key = preparation?.key ?? 'migrated';
  const idle = await takeIdlePostgres(adminUrl, key, preparation);
  if (idle) return idle;
  const [template] = await Promise.all([postgresTemplate(adminUrl, preparation), sweepLeftovers(adminUrl)]);
  const name = testDatabaseName();
  await withAdminClient(adminUrl, async (c) => {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A commit of a test does not wait for its WAL to reach the disk: the same transactions, locks and
    // visibility, only not kept through a crash of the server, which no test makes. Every session of
    // the database has it (the test's pool, the app's, the job queue's), kept through renames and reuse.
    // Seven database-heavy server test files: 39 → 35–36 s of wall, 72 → 69 s of machine CPU (docs/benchmarks.md).
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolMax: 5 });
  if (!templateShapes.has(key)) templateShapes.set(key, schemaFingerprint(handle.db));
  return { name, handle };
}

async function handBackPostgres(adminUrl: string, name: string, handle: DatabaseHandle, preparation: TestDatabasePreparation | undefined): Promise<void> {
  const key = preparation?.key ?? 'migrated';
  const idle = idlePostgres.get(key) ?? [];
  await handle.close();
  if (idle.length >= MAX_IDLE_POSTGRES) return dropDatabaseNamed(adminUrl, name);
  const renamed = testDatabaseName();
  try {
    await withAdminClient(adminUrl, async (c) => {
      // No new sessions, then none left: a renamed database cannot be reached under its old name.
      await c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      // A terminated session takes a moment to end; until then the rename finds the database in use (55006).
      for (let attempt = 1; ; attempt++) {
        try {
          await c.query(`ALTER DATABASE ${name} RENAME TO ${renamed}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 40) throw err;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      await c.query(`ALTER DATABASE ${renamed} WITH ALLOW_CONNECTIONS true`);
    });
  } catch {
    return dropDatabaseNamed(adminUrl, name).catch(() => dropDatabaseNamed(adminUrl, renamed));
  }
  idle.push(renamed);
  idlePostgres.set(key, idle);
}

export async function createTestDatabase(kind: DatabaseKind, preparation?: TestDatabasePreparation): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let handBack: () => Promise<void>;
  let madeEmptier: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const adminUrl = postgresTestUrl();
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const taken = await takePostgres(adminUrl, preparation);
    handle = taken.handle;
    madeEmptier = taken.emptyTables;
    url = databaseUrl(adminUrl, taken.name);
    handBack = () => handBackPostgres(adminUrl, taken.name, taken.handle, preparation);
  } else {
    handle = await takePglite(preparation);
    handBack = () => handBackPglite(handle, emptyTables, preparation);
  }
  const emptyTables = madeEmptier ?? emptier(handle, await publicTables(handle.db));
  let closed = false;
  const result: TestDatabase = {
    ...handle,
    reset: emptyTables,
    close: async () => {
      if (closed) return;
      closed = true;
      await handBack();
    },
  };
  if (url) result.url = url;
  return result;
}
export { fillFinishedWizards, type FinishedWizardFixture } from './fixtures.ts';
