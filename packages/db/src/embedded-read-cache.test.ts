import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheStatement, changeOf } from './embedded-read-cache.ts';
import { deleteOwnedProjectRow, insertProject, listProjectRows, updateProjectRow } from './repositories/projects.ts';
import { insertShareIfAbsent } from './repositories/shares.ts';
import { findSessionByTokenHash, touchSession } from './repositories/user-sessions.ts';
import { insertUser } from './repositories/users.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe('what a statement may change', () => {
  it('reads change nothing, the queue changes only itself, single-table writes change their table, the rest everything', () => {
    expect(changeOf('select "p"."id" from "projects" as "p"')).toEqual({ kind: 'none' });
    expect(changeOf('  /* a note */ -- and a line\n (select 1)')).toEqual({ kind: 'none' });
    expect(changeOf('SHOW server_version')).toEqual({ kind: 'none' });
    expect(changeOf('UPDATE pgboss.job SET state = $1 WHERE id = $2')).toEqual({ kind: 'none' });
    expect(changeOf('WITH next AS (SELECT id FROM "pgboss"."job") UPDATE "pgboss"."job" SET state = \'active\'')).toEqual({ kind: 'none' });
    // Unless it names a table a kept read depends on.
    cacheStatement('select "id" from "projects" where "user_id" = $1', ['projects']);
    expect(changeOf('UPDATE "projects" SET title = j.name FROM pgboss.job j WHERE j.id = $1')).toEqual({ kind: 'table', table: 'projects' });
    expect(changeOf('insert into "projects" ("title") values ($1) returning "id"')).toEqual({ kind: 'table', table: 'projects' });
    expect(changeOf('update "user_sessions" set "last_activity_at" = $1 where "id" = $2')).toEqual({ kind: 'table', table: 'user_sessions' });
    expect(changeOf('insert into "shares" ("project_id") values ($1) on conflict do nothing')).toEqual({ kind: 'table', table: 'shares' });
    // Deletes may cascade; CTEs, qualified names, ONLY, blocks and DDL may touch anything.
    expect(changeOf('delete from "projects" where "id" = $1')).toEqual({ kind: 'whole' });
    expect(changeOf('with x as (delete from "users" returning id) select * from x')).toEqual({ kind: 'whole' });
    expect(changeOf('update only "projects" set "title" = $1')).toEqual({ kind: 'whole' });
    expect(changeOf('update "public"."projects" set "title" = $1')).toEqual({ kind: 'whole' });
    expect(changeOf('update "projects" set "title" = \'a\'; delete from "users"')).toEqual({ kind: 'whole' });
    expect(changeOf('TRUNCATE users CASCADE')).toEqual({ kind: 'whole' });
    expect(changeOf('BEGIN')).toEqual({ kind: 'whole' });
  });
});

describe('the embedded database read cache', () => {
  let t: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    userId = (await insertUser(t.db, { googleSub: null, email: 'cache@a.test', firstName: 'Cache', lastName: null, profileImageUrl: null })).id;
  });

  const newProject = (title: string) =>
    insertProject(t.db, { user_id: userId, title, aspect: '9:16', reel_time: 30, scenes: JSON.stringify([]), params: JSON.stringify({}), assets: JSON.stringify({}) });
  const titles = async () => (await listProjectRows(t.db, userId, { limit: 50, offset: 0 })).map((row) => row.title).sort();

  it('answers a repeated read from memory, as a copy, and reads again after any write to its tables', async () => {
    const stats = t.readCache!;
    const id = await newProject('First');
    expect(await titles()).toEqual(['First']);
    const hits = stats.hits;
    const [row] = await listProjectRows(t.db, userId, { limit: 50, offset: 0 });
    expect(stats.hits).toBe(hits + 1);
    row!.title = 'changed by a caller';
    expect(await titles()).toEqual(['First']);
    // The stored JSON it read is shared with the next reader, so it cannot be changed.
    expect(() => (row!.scenes as unknown[]).push({ sceneId: 'x' })).toThrow(TypeError);
    expect((await listProjectRows(t.db, userId, { limit: 50, offset: 0 }))[0]!.scenes).toEqual([]);

    await newProject('Second');
    expect(await titles()).toEqual(['First', 'Second']);
    await updateProjectRow(t.db, id, { title: 'Renamed' });
    expect(await titles()).toEqual(['Renamed', 'Second']);
    await insertShareIfAbsent(t.db, id, 'abcdef123456');
    expect((await listProjectRows(t.db, userId, { limit: 50, offset: 0 })).find((r) => r.id === id)?.short_id).toBe('abcdef123456');
    await deleteOwnedProjectRow(t.db, userId, id);
    expect(await titles()).toEqual(['Second']);
    // A write through a transaction, through raw SQL and through PGlite itself.
    await t.db.transaction().execute((trx) => trx.updateTable('projects').set({ title: 'In a transaction' }).where('user_id', '=', userId).execute());
    expect(await titles()).toEqual(['In a transaction']);
    await sql`update projects set title = 'Raw' where user_id = ${userId}`.execute(t.db);
    expect(await titles()).toEqual(['Raw']);
    await t.pglite!.query('update projects set title = $1 where user_id = $2', ['Direct', userId]);
    expect(await titles()).toEqual(['Direct']);
  });

  it("keeps each customer's answer to that customer, hostile text included", async () => {
    const other = (await insertUser(t.db, { googleSub: null, email: 'other@a.test', firstName: 'Other', lastName: null, profileImageUrl: null })).id;
    const hostile = 'Mine \u0007\u202e\n"},{"title":"x';
    await newProject(hostile);
    await insertProject(t.db, { user_id: other, title: 'Theirs', aspect: '9:16', reel_time: 30, scenes: JSON.stringify([]), params: JSON.stringify({}), assets: JSON.stringify({}) });
    const theirs = async () => (await listProjectRows(t.db, other, { limit: 50, offset: 0 })).map((row) => row.title);
    for (let round = 0; round < 3; round += 1) {
      const [mine, their] = await Promise.all([titles(), theirs()]);
      expect(mine).toEqual([hostile]);
      expect(their).toEqual(['Theirs']);
    }
    // Two windows of one customer's list are two answers.
    expect(await listProjectRows(t.db, userId, { limit: 50, offset: 1 })).toEqual([]);
  });

  it('never serves a read that began before a write once that write has ended, with reads and writes in parallel', async () => {
    const id = await newProject('v0');
    for (let round = 1; round <= 25; round += 1) {
      const reads = Array.from({ length: 6 }, () => titles());
      const write = updateProjectRow(t.db, id, { title: `v${round}` }).then(() => titles());
      const [afterWrite, ...during] = await Promise.all([write, ...reads]);
      expect(afterWrite).toEqual([`v${round}`]);
      for (const seen of during) expect([[`v${round - 1}`], [`v${round}`]]).toContainEqual(seen);
    }
    expect(await titles()).toEqual(['v25']);
  });

  it('sees a session touched or ended and a user suspended', async () => {
    const { id: sessionId } = await t.db
      .insertInto('user_sessions')
      .values({ user_id: userId, token_hash: 'h'.repeat(64), expires_at: new Date(Date.now() + 3_600_000), ip: null, user_agent: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await findSessionByTokenHash(t.db, 'h'.repeat(64));
    const touchedAt = new Date(first!.session.last_activity_at.getTime() + 120_000);
    await touchSession(t.db, sessionId, touchedAt);
    expect((await findSessionByTokenHash(t.db, 'h'.repeat(64)))!.session.last_activity_at.toISOString()).toBe(touchedAt.toISOString());
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', userId).execute();
    expect((await findSessionByTokenHash(t.db, 'h'.repeat(64)))!.user.is_active).toBe(false);
    await t.db.updateTable('user_sessions').set({ ended_at: new Date() }).where('id', '=', sessionId).execute();
    expect((await findSessionByTokenHash(t.db, 'h'.repeat(64)))!.session.ended_at).not.toBeNull();
  });
});
