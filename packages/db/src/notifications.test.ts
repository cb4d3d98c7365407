import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_JOBS_CHANNEL, listenToChannel, type ChannelListener } from './notifications.ts';
import { insertGenerationJob, reportJobProgress, claimJobAttempt } from './repositories/generation-jobs.ts';
import { insertProject } from './repositories/projects.ts';
import { insertUser } from './repositories/users.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing.ts';

/** Resolves when `predicate` holds for what was received, or fails after `ms`. */
async function until(received: string[], predicate: (r: string[]) => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate(received)) {
    if (Date.now() > deadline) throw new Error(`not received in ${ms} ms; got ${JSON.stringify(received)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDatabaseKinds())('generation job notifications on %s', (kind) => {
  let t: TestDatabase;
  let listener: ChannelListener;
  let received: string[] = [];
  let reconnects = 0;
  let userId: string;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    listener = await listenToChannel(t, GENERATION_JOBS_CHANNEL, (payload) => received.push(payload), { onReconnect: () => (reconnects += 1), maxRetryMs: 200 });
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });
  beforeEach(async () => {
    userId = (await insertUser(t.db, { googleSub: null, email: `owner-${Math.random()}@example.com`, firstName: 'O', lastName: null, profileImageUrl: null })).id;
    projectId = await insertProject(t.db, { user_id: userId, title: 'p', scenes: '[]', params: '{}', assets: '{}' });
    received = [];
  });

  it("announces a job's start, claim and progress with its project id", async () => {
    const jobId = await insertGenerationJob(t.db, { projectId, userId, kind: 'voiceover', input: {} });
    await until(received, (r) => r.length >= 1);
    const attempt = await claimJobAttempt(t.db, jobId, 0, new Date());
    await reportJobProgress(t.db, jobId, attempt!, 'Voicing scene 1', 40);
    await until(received, (r) => r.length >= 3);
    expect(new Set(received)).toEqual(new Set([projectId]));
  });

  it('announces on commit only, and nothing for a rolled-back change', async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await insertGenerationJob(trx, { projectId, userId, kind: 'avatars', input: {} });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = t.db.transaction().execute(async (trx) => {
      await insertGenerationJob(trx, { projectId, userId, kind: 'videos', input: {} });
      return received.length;
    });
    expect(await committed).toBe(0);
    await until(received, (r) => r.length >= 1);
    // A later write proves nothing else was on its way.
    await insertGenerationJob(t.db, { projectId, userId, kind: 'final', input: {} });
    await until(received, (r) => r.length >= 2);
    expect(received).toEqual([projectId, projectId]);
  });

  it.runIf(kind === 'postgres')('listens again after its connection is killed, and says so', async () => {
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
      expect(killed.rowCount).toBe(1);
      const before = reconnects;
      const deadline = Date.now() + 5000;
      while (reconnects === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(reconnects).toBe(before + 1);
      await insertGenerationJob(t.db, { projectId, userId, kind: 'voiceover', input: {} });
      await until(received, (r) => r.includes(projectId));
    } finally {
      await admin.end();
    }
  });
});

// Every channel a process follows on a pool shares one listening connection (PostgreSQL only: PGlite listens in-process).
describe.runIf(testDatabaseKinds().includes('postgres'))('channels sharing one listening connection on postgres', () => {
  let t: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  /** Sessions of this database other than the admin's and the pool's that have sent a LISTEN or UNLISTEN last. */
  const listeningSessions = async () =>
    Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query ~* '^(UN)?LISTEN'`)).rows[0]!.n);
  const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);

  it('subscribes in parallel over one connection, delivers each channel to its own subscribers, and ends with the last', async () => {
    const got: Record<string, string[]> = { a1: [], a2: [], b: [], c: [] };
    const reconnects: Record<string, number> = { a1: 0, a2: 0, b: 0, c: 0 };
    const sub = (name: string, channel: string) =>
      listenToChannel(t, channel, (payload) => got[name]!.push(payload), { onReconnect: () => (reconnects[name]! += 1), maxRetryMs: 200 });
    const [a1, a2, b, c] = await Promise.all([sub('a1', 'shared_a'), sub('a2', 'shared_a'), sub('b', 'shared_b'), sub('c', 'shared_c; DROP TABLE users')]);
    expect(await listeningSessions()).toBe(1);

    await notify('shared_a', 'to a');
    await notify('shared_b', 'to b');
    await notify('shared_c; DROP TABLE users', 'to c');
    await until(got.c!, (r) => r.length >= 1);
    await until(got.a2!, (r) => r.length >= 1);
    expect(got).toEqual({ a1: ['to a'], a2: ['to a'], b: ['to b'], c: ['to c'] });

    // One subscription closed: the others still hear their channels.
    await a1.close();
    await notify('shared_a', 'again');
    await until(got.a2!, (r) => r.length >= 2);
    expect(got.a1).toEqual(['to a']);

    // The connection killed: every subscription is told once it is back, and hears its channel again.
    const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ~* '^(UN)?LISTEN'`);
    expect(killed.rowCount).toBe(1);
    const deadline = Date.now() + 5000;
    while ((reconnects.a2 === 0 || reconnects.b === 0 || reconnects.c === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(reconnects).toEqual({ a1: 0, a2: 1, b: 1, c: 1 });
    await notify('shared_b', 'after');
    await until(got.b!, (r) => r.length >= 2);
    expect(await listeningSessions()).toBe(1);

    await Promise.all([a2.close(), b.close(), c.close()]);
    const ended = Date.now() + 5000;
    while ((await listeningSessions()) > 0 && Date.now() < ended) await new Promise((r) => setTimeout(r, 20));
    expect(await listeningSessions()).toBe(0);

    // A later subscription opens a connection of its own again.
    const later: string[] = [];
    const d = await listenToChannel(t, 'shared_a', (payload) => later.push(payload));
    await notify('shared_a', 'later');
    await until(later, (r) => r.length >= 1);
    expect(await listeningSessions()).toBe(1);
    await d.close();
  });
});
