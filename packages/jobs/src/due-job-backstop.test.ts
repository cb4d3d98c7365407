import { queuesWithDueJobs } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { silentLogger } from '@reelsmith/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DueJobBackstop } from './due-job-backstop.ts';
import { JobRunner } from './job-runner.ts';

// Queues that announce nothing, workers that poll every 30 s on their own: a job starts within seconds
// only when the backstop's look found it due and woke its workers.
describe.each(testDatabaseKinds())('the due-job backstop on %s', (kind) => {
  let database: TestDatabase;
  let runner: JobRunner;
  const started = new Map<string, number[]>();
  const looks: string[][] = [];
  let backstop: DueJobBackstop;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    runner = new JobRunner({ database, databaseUrl: database.url, logger: silentLogger, pollingIntervalSeconds: 30 });
    await runner.start();
    for (const queue of ['backstop-a', 'backstop-b']) {
      await runner.boss.createQueue(queue);
      started.set(queue, []);
      await runner.boss.work(queue, { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30 }, async () => {
        started.get(queue)!.push(Date.now());
      });
    }
    backstop = new DueJobBackstop({
      look: async (queues) => {
        looks.push([...queues]);
        return queuesWithDueJobs(database.db, queues);
      },
      wake: (queue) => {
        for (const worker of runner.boss.getWipData()) if (worker.name === queue) runner.boss.notifyWorker(worker.id);
      },
      intervalMs: () => 300,
      logger: silentLogger,
    });
    // The workers' first fetch (at start) has found nothing; their next is 30 s away.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  });
  afterAll(async () => {
    backstop?.stop();
    await runner?.stop();
    await database?.close();
  });

  it('wakes the workers of a queue with a job due now, and of one whose delayed job comes due, in one look for all queues', async () => {
    backstop.watch('backstop-a');
    backstop.watch('backstop-b');
    const sent = Date.now();
    await runner.boss.send('backstop-a', { delayed: true }, { startAfter: 2 });
    await runner.boss.send('backstop-b', { now: true });
    await expect.poll(() => started.get('backstop-b')!.length, { timeout: 10_000, interval: 50 }).toBe(1);
    await expect.poll(() => started.get('backstop-a')!.length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(started.get('backstop-b')![0]! - sent).toBeLessThan(10_000);
    expect(started.get('backstop-a')![0]! - sent).toBeGreaterThanOrEqual(1_900);
    expect(started.get('backstop-a')![0]! - sent).toBeLessThan(10_000);
    // Each look is one statement for both queues, not one per queue.
    expect(looks.length).toBeGreaterThan(2);
    expect(looks.every((queues) => queues.length === 2 && queues.includes('backstop-a') && queues.includes('backstop-b'))).toBe(true);
  });

  it('finds nothing in a queue whose jobs are all taken or not yet due', async () => {
    await runner.boss.send('backstop-b', { later: true }, { startAfter: 60 });
    expect(await queuesWithDueJobs(database.db, ['backstop-a', 'backstop-b', 'no-such-queue'])).toEqual([]);
    expect(await queuesWithDueJobs(database.db, [])).toEqual([]);
  });

  it('hands each due job to one worker when two processes look and wake at once', async () => {
    const other = new JobRunner({ database, databaseUrl: database.url, logger: silentLogger, pollingIntervalSeconds: 30 });
    await other.start();
    const queue = 'backstop-crowd';
    await runner.boss.createQueue(queue);
    const ran: string[] = [];
    const backstops = [runner, other].map((r) => {
      const looking = new DueJobBackstop({
        look: (queues) => queuesWithDueJobs(database.db, queues),
        wake: (name) => {
          for (const worker of r.boss.getWipData()) if (worker.name === name) r.boss.notifyWorker(worker.id);
        },
        intervalMs: () => 100,
        logger: silentLogger,
      });
      return { r, looking };
    });
    try {
      for (const { r, looking } of backstops) {
        await r.boss.work(queue, { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30, localConcurrency: 2 }, async ([job]) => {
          ran.push(job!.id);
        });
        looking.watch(queue);
      }
      const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => runner.boss.send(queue, { i })));
      await expect.poll(() => ran.length, { timeout: 15_000, interval: 50 }).toBe(12);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ran).toHaveLength(12);
      expect(new Set(ran)).toEqual(new Set(sent));
    } finally {
      for (const { looking } of backstops) looking.stop();
      await other.stop();
    }
  });

  it('looks no more once stopped: a job sent then waits for its worker’s own poll', async () => {
    backstop.stop();
    const looked = looks.length;
    await runner.boss.send('backstop-b', { afterStop: true });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(looks.length).toBe(looked);
    expect(started.get('backstop-b')).toHaveLength(1);
  });
});
