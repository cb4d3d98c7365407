import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropEndedProcessesTestDatabases, postgresTemplateName, postgresTestUrl, testDatabaseKinds, type TestDatabase, type TestDatabasePreparation } from './testing.ts';

// Test databases start from a prepared copy (a PGlite snapshot file, a PostgreSQL template database)
// that the first caller makes; parallel test workers race to make it. Every database they get must be
// complete, and only one copy may stay behind.
async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresTestUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.each(testDatabaseKinds())('test databases on %s, asked for in parallel before their prepared copy exists', (kind) => {
  let builds = 0;
  const preparation: TestDatabasePreparation = {
    key: `parallel-${randomBytes(6).toString('hex')}`,
    run: async (db) => {
      builds += 1;
      await sql`CREATE TABLE preparation_marker (note text NOT NULL)`.execute(db);
      await sql`INSERT INTO preparation_marker VALUES (${'prepared'})`.execute(db);
    },
  };

  afterAll(async () => {
    // What this run's unique key left behind: the snapshot file, or the template database.
    for (const file of readdirSync(tmpdir())) if (file.startsWith('reelsmith-pglite-') && file.endsWith(`-${preparation.key}.tar`)) rmSync(join(tmpdir(), file));
    if (kind === 'postgres') await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${postgresTemplateName(preparation)}`));
  });

  it('gives every caller a migrated, prepared database of its own', async () => {
    const databases = await Promise.all(Array.from({ length: 3 }, () => createTestDatabase(kind, preparation)));
    try {
      // One caller built the prepared copy; the others waited for it (a lock on PostgreSQL, a shared
      // promise in the process on PGlite) instead of racing to build and rename their own.
      expect(builds).toBe(1);
      for (const t of databases) {
        expect((await sql<{ note: string }>`SELECT note FROM preparation_marker`.execute(t.db)).rows).toEqual([{ note: 'prepared' }]);
        // Migrated: every migration recorded, the schema's tables there.
        expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(t.db)).rows[0]?.n).toBeGreaterThan(0);
        expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM plans`.execute(t.db)).rows[0]?.n).toBe(0);
      }
      // Each is its own: a write to one is not seen by another.
      await sql`INSERT INTO preparation_marker VALUES (${'only here'})`.execute(databases[0]!.db);
      expect((await sql`SELECT note FROM preparation_marker`.execute(databases[1]!.db)).rows).toHaveLength(1);
    } finally {
      await Promise.all(databases.map((t) => t.close()));
    }
    if (kind === 'postgres') {
      // One finished template stays; the copies that lost the race to it were dropped.
      const template = postgresTemplateName(preparation);
      const left = await onServer((c) => c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template.replace('_tpl_', '_tpl%')}%`]));
      expect(left.rows.map((r) => r.datname)).toEqual([template]);
    }
    // Three PGlite instances and a snapshot made from scratch: well over the default timeout on a busy machine.
  });
});

describe.each(testDatabaseKinds())('a test database reset on %s', (kind) => {
  it('empties every table, rows that refer to each other included, and leaves keys and triggers working', async () => {
    const t = await createTestDatabase(kind);
    try {
      const now = new Date();
      const user = { id: randomUUID(), email: 'a@example.com', first_name: 'A', last_name: 'B', created_at: now, updated_at: now };
      await t.db.insertInto('users').values(user).execute();
      await t.db.insertInto('projects').values({ user_id: user.id, title: 'T' }).execute();
      await t.db.insertInto('system_settings').values({ key: 'features', value: JSON.stringify({}), updated_at: now }).execute();
      // Parallel resets (a file's hooks racing a late request) neither fail nor leave rows.
      await Promise.all([t.reset(), t.reset(), t.reset()]);
      const counts = await sql<{ n: number }>`
        SELECT (SELECT count(*) FROM users)::int + (SELECT count(*) FROM projects)::int + (SELECT count(*) FROM system_settings)::int AS n`.execute(t.db);
      expect(counts.rows[0]?.n).toBe(0);
      // Foreign keys hold again after the reset: a project of no user is refused.
      await expect(t.db.insertInto('projects').values({ user_id: user.id, title: 'T' }).execute()).rejects.toThrow(/foreign key/);
      // And the session is back to its normal role (the reset's setting was local to its transaction).
      expect((await sql<{ r: string }>`SELECT current_setting('session_replication_role') AS r`.execute(t.db)).rows[0]?.r).toBe('origin');
    } finally {
      await t.close();
    }
  });
});

/** Which database a handle is on: PGlite's instance, or PostgreSQL's database OID (its name changes when handed back). */
async function identity(t: TestDatabase): Promise<unknown> {
  if (t.pglite) return t.pglite;
  return (await sql<{ oid: number }>`SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()`.execute(t.db)).rows[0]?.oid;
}

describe.each(testDatabaseKinds())('a test database handed back on %s', (kind) => {
  it('is the next test database of the process, in the prepared state: no rows, the job queue emptied but kept, no session left over', async () => {
    const first = await createTestDatabase(kind);
    await first.db.insertInto('users').values({ id: randomUUID(), email: 'left@example.com', first_name: 'L', last_name: 'O' }).execute();
    // The job queue's schema as pg-boss makes it, in small: jobs name their queue, and a version row.
    await sql`CREATE SCHEMA pgboss`.execute(first.db);
    await sql`CREATE TABLE pgboss.version (version int)`.execute(first.db);
    await sql`CREATE TABLE pgboss.queue (name text PRIMARY KEY, dead_letter text REFERENCES pgboss.queue (name))`.execute(first.db);
    await sql`CREATE TABLE pgboss.job (id text, name text NOT NULL REFERENCES pgboss.queue (name))`.execute(first.db);
    await sql`INSERT INTO pgboss.version VALUES (46)`.execute(first.db);
    await sql`INSERT INTO pgboss.queue VALUES ('dead', NULL), ('work', 'dead')`.execute(first.db);
    await sql`INSERT INTO pgboss.job VALUES ('j1', 'work'), ('j2', 'dead')`.execute(first.db);
    await sql`SET statement_timeout = 1234`.execute(first.db);
    await sql`LISTEN left_over`.execute(first.db);
    const before = await identity(first);
    await first.close();
    await first.close();
    const second = await createTestDatabase(kind);
    try {
      expect(await identity(second)).toBe(before);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(second.db)).rows[0]?.n).toBe(0);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job`.execute(second.db)).rows[0]?.n).toBe(0);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.queue`.execute(second.db)).rows[0]?.n).toBe(0);
      expect((await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(second.db)).rows).toEqual([{ version: 46 }]);
      expect((await sql<{ t: string }>`SELECT current_setting('statement_timeout') AS t`.execute(second.db)).rows[0]?.t).toBe('0');
      expect((await sql`SELECT pg_listening_channels()`.execute(second.db)).rows).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('is not used again when its test changed the schema', async () => {
    const first = await createTestDatabase(kind);
    await sql`ALTER TABLE projects DROP CONSTRAINT projects_status_check`.execute(first.db);
    const before = await identity(first);
    await first.close();
    if (kind === 'pglite') expect(first.pglite?.closed).toBe(true);
    const second = await createTestDatabase(kind);
    try {
      expect(await identity(second)).not.toBe(before);
      expect((await sql`SELECT 1 FROM pg_constraint WHERE conname = 'projects_status_check'`.execute(second.db)).rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(postgresTestUrl())('a PostgreSQL test database', () => {
  it('does not wait for the disk at commit, in every session of it, and still after it was handed back and taken again', async () => {
    const first = await createTestDatabase('postgres');
    const setting = async (url: string) => {
      // A session of its own, as an app's pool or the job queue opens.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]?.synchronous_commit;
      } finally {
        await client.end();
      }
    };
    expect(await setting(first.url!)).toBe('off');
    await first.close();
    const next = await createTestDatabase('postgres');
    try {
      expect(await setting(next.url!)).toBe('off');
    } finally {
      await next.close();
    }
  });
});

describe.runIf(postgresTestUrl())('a PostgreSQL test database handed back', () => {
  it('cuts off every session still on it, and cannot be reached under its old address', async () => {
    const first = await createTestDatabase('postgres');
    // A finished test's late session: a job worker or a child process still connected.
    const late = new pg.Client({ connectionString: first.url });
    await late.connect();
    late.on('error', () => undefined);
    await first.close();
    await expect(late.query('SELECT 1')).rejects.toThrow();
    const again = new pg.Client({ connectionString: first.url });
    again.on('error', () => undefined);
    await expect(again.connect()).rejects.toThrow(/does not exist/);
    const next = await createTestDatabase('postgres');
    try {
      expect(next.url).not.toBe(first.url);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(next.db)).rows[0]?.n).toBe(0);
    } finally {
      await next.close();
    }
  });

  it('is dropped later when the process that kept it has ended, and only then, and only on its own host', async () => {
    const t = await createTestDatabase('postgres');
    const tag = new URL(t.url!).pathname.split('_')[2];
    await t.close();
    const ended = spawnSync('true').pid;
    const names = {
      ended: `reelsmith_test_${tag}_${ended}_${randomBytes(4).toString('hex')}`,
      running: `reelsmith_test_${tag}_${process.ppid}_${randomBytes(4).toString('hex')}`,
      otherHost: `reelsmith_test_${tag === '000000' ? '111111' : '000000'}_${ended}_${randomBytes(4).toString('hex')}`,
    };
    for (const name of Object.values(names)) await onServer((c) => c.query(`CREATE DATABASE ${name}`));
    try {
      await dropEndedProcessesTestDatabases(postgresTestUrl()!);
      const left = await onServer((c) => c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = ANY($1)', [Object.values(names)]));
      expect(left.rows.map((r) => r.datname).sort()).toEqual([names.running, names.otherHost].sort());
    } finally {
      for (const name of Object.values(names)) await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
    }
  });
});
