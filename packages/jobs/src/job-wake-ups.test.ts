import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { silentLogger } from '@reelsmith/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from './job-runner.ts';

// Workers are woken by the database's announcement when a job is sent (LISTEN/NOTIFY, on PostgreSQL
// through pg-boss's own listening connection, on PGlite through the gated adapter), not by their poll:
// with the poll at 30 s, a job sent starts within a few seconds only if the announcement arrived.
describe.each(testDatabaseKinds())('job wake-ups on %s', (kind) => {
  let database: TestDatabase;
  let runner: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    runner = new JobRunner({ database, databaseUrl: database.url, logger: silentLogger, pollingIntervalSeconds: 30 });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.close();
  });

  it('is ready once started, and not before (the readiness check)', async () => {
    await expect(runner.ready()).resolves.toBeUndefined();
    const fresh = new JobRunner({ database, databaseUrl: database.url, logger: silentLogger });
    await expect(fresh.ready()).rejects.toThrow(/not set up/);
  });

  it('starts a job sent to a notifying queue at once, though its worker polls every 30 s', async () => {
    const queue = 'wake-up-check';
    await runner.boss.createQueue(queue, { notify: true });
    const started: number[] = [];
    await runner.boss.work(queue, { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30 }, async () => {
      started.push(Date.now());
    });
    // The worker's first look (at start) has found nothing; every later one is 30 s away.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      await runner.boss.send(queue, { i });
      await expect.poll(() => started.length, { timeout: 10_000, interval: 50 }).toBe(i + 1);
      expect(started[i]! - sent).toBeLessThan(10_000);
    }
  });
});
