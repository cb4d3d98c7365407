// Real databases for tests: embedded PGlite always, real PostgreSQL when TEST_DATABASE_URL (or
// DATABASE_URL) points at a server. Each test database is created fresh, migrated, and dropped.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from './client.ts';
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

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const adminUrl = postgresTestUrl();
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `reelsmith_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    handle = await openDatabase({ databaseUrl: url, poolMax: 5 });
    dropDatabase = () => withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  } else {
    handle = await openDatabase({ pgliteDir: 'memory://' });
  }
  await migrateToLatest(handle.db);
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`.execute(handle.db);
  const names = tables.rows.map((r) => `"${r.tablename}"`).join(', ');
  const result: TestDatabase = {
    ...handle,
    reset: async () => {
      await sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`).execute(handle.db);
    },
    close: async () => {
      await handle.close();
      await dropDatabase?.();
    },
  };
  if (url) result.url = url;
  return result;
}
