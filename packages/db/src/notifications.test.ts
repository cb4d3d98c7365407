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
