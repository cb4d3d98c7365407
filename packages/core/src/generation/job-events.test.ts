import { claimJobAttempt, insertGenerationJob, insertProject, insertUser, reportJobProgress, type DatabaseHandle } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobEvents } from './job-events.ts';
import type { GenerationJobView } from './job-views.ts';

/** Counts the statements that read the jobs table (the plugin sees every query the hub sends). */
function jobReadCounter(): { plugin: KyselyPlugin; reads: () => number; reset: () => void } {
  let reads = 0;
  return {
    plugin: {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"generation_jobs"')) reads += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    },
    reads: () => reads,
    reset: () => (reads = 0),
  };
}

/** Follows a project's jobs and keeps every list it is handed. */
function follow(events: JobEvents, projectId: string, signal: AbortSignal) {
  const lists: GenerationJobView[][] = [];
  const done = (async () => {
    for await (const jobs of events.watch(projectId, signal)) lists.push(jobs);
  })();
  return { lists, done };
}

async function until(what: string, predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDatabaseKinds())('job events on %s', (kind) => {
  let t: TestDatabase;
  let events: JobEvents;
  const counter = jobReadCounter();
  let userId: string;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // The hub as a server builds it, listening on the real database; its reads pass the counter.
    const counted: DatabaseHandle = { ...t, db: t.db.withPlugin(counter.plugin) };
    events = await JobEvents.listen(counted);
  });
  afterAll(async () => {
    await events.close();
    await t.close();
  });
  beforeEach(async () => {
    userId = (await insertUser(t.db, { googleSub: null, email: `o-${Math.random()}@example.com`, firstName: 'O', lastName: null, profileImageUrl: null })).id;
    projectId = await insertProject(t.db, { user_id: userId, title: 'followed', scenes: '[]', params: '{}', assets: '{}' });
    otherProjectId = await insertProject(t.db, { user_id: userId, title: 'other', scenes: '[]', params: '{}', assets: '{}' });
  });

  it('pushes every change to all followers of the project with one read per change, and reads nothing while nothing changes', async () => {
    const stop = new AbortController();
    const followers = Array.from({ length: 25 }, () => follow(events, projectId, stop.signal));
    await until('the first (empty) list of every follower', () => followers.every((f) => f.lists.length === 1));
    expect(followers[0]!.lists[0]).toEqual([]);
    expect(events.subscriberCount).toBe(25);

    // The new job reaches the followers only through its announcement, so once all of them have it,
    // no announcement is still on its way (on a busy machine one can arrive after a first read).
    const jobId = await insertGenerationJob(t.db, { projectId, userId, kind: 'voiceover', input: {} });
    await until('the new job at every follower', () => followers.every((f) => f.lists.at(-1)?.[0]?.id === jobId));

    counter.reset();
    await new Promise((r) => setTimeout(r, 1500));
    // Polling streams would have read the table dozens of times by now.
    expect(counter.reads()).toBe(0);

    const attempt = await claimJobAttempt(t.db, jobId, 0, new Date());
    await until('the running job at every follower', () => followers.every((f) => f.lists.at(-1)?.[0]?.status === 'running'));
    await reportJobProgress(t.db, jobId, attempt!, 'Voicing scene 2 of 3', 55);
    await until('the progress at every follower', () => followers.every((f) => f.lists.at(-1)?.[0]?.percent === 55));
    expect(followers[0]!.lists.at(-1)![0]).toMatchObject({ id: jobId, status: 'running', stage: 'Voicing scene 2 of 3', percent: 55 });
    // Two changes, each read once for all 25 (a change during a read is read once more).
    expect(counter.reads()).toBeGreaterThanOrEqual(2);
    expect(counter.reads()).toBeLessThanOrEqual(4);

    // A change to another project is not read for these followers, nor handed to them.
    counter.reset();
    const before = followers.map((f) => f.lists.length);
    await insertGenerationJob(t.db, { projectId: otherProjectId, userId, kind: 'avatars', input: {} });
    await new Promise((r) => setTimeout(r, 300));
    expect(counter.reads()).toBe(0);
    expect(followers.map((f) => f.lists.length)).toEqual(before);

    stop.abort();
    await Promise.all(followers.map((f) => f.done));
    expect(events.subscriberCount).toBe(0);
  });

  it('gives a follower who joins late the current list, and each follower only lists that changed', async () => {
    await insertGenerationJob(t.db, { projectId, userId, kind: 'avatars', input: {} });
    const stop = new AbortController();
    const early = follow(events, projectId, stop.signal);
    await until('the early list', () => early.lists.length === 1);
    // A repeated announcement of an unchanged list is not handed on.
    events.changed(projectId);
    events.changedAll();
    const late = follow(events, projectId, stop.signal);
    await until('the late list', () => late.lists.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(early.lists).toHaveLength(1);
    expect(late.lists[0]).toEqual(early.lists[0]);
    stop.abort();
    await Promise.all([early.done, late.done]);
  });
});
