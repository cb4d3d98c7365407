import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDIT_RETURNED_NOTE, DEAD_LETTER_MESSAGE, finaliseFailedJob, runGenerationJob, RUNNING_ATTEMPT_LEASE_SECONDS, startGeneration, type AppDeps } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { DEAD_LETTER_QUEUE, queueName } from '@reelsmith/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. Tap the link and glow with me.';

// A job that keeps failing ends 'dead' with a readable error on the job and the project, and the
// dead-letter queue (where pg-boss puts jobs whose worker kept dying) does the same, through the same
// finaliser: the paid step's credit comes back once, however many times the job is finalised.
describe.each(testDatabaseKinds())('jobs that cannot finish on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookie = await devSignIn(t.app, 'dead.letter@example.com', 'Dee Letter');
    projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16' })).json().id;
    const scenes = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 2, sceneDuration: 10 });
    expect(scenes.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  function api(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  it('retries a failing step, then marks it dead with a readable error and keeps the project', async () => {
    // Media storage that cannot be written: a file where the media directory should be (a real failure, every attempt).
    const mediaDir = join(t.config.dataDir, 'media');
    rmSync(mediaDir, { recursive: true, force: true });
    writeFileSync(mediaDir, 'not a directory');
    const voices = (await api('GET', '/api/voices')).json();

    const res = await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Generation failed on our side. Please try again.');

    const job = await t.db.db.selectFrom('generation_jobs').select(['status', 'error', 'attempts']).where('project_id', '=', projectId).where('kind', '=', 'voiceover').executeTakeFirstOrThrow();
    expect(job.status).toBe('dead');
    expect(job.attempts).toBe(3);
    expect(job.error).toBe('Generation failed on our side. Please try again.');
    const project = (await api('GET', `/api/projects/${projectId}`)).json();
    expect(project.scenes).toHaveLength(2);
    expect(project.assets.voiceover).toBeUndefined();
    expect(project.currentStep).toBe(2);
    rmSync(mediaDir, { force: true });
  });

  it('marks a job dead when it arrives in the dead-letter queue (its worker kept dying)', async () => {
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: projectId, user_id: (await t.db.db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirstOrThrow()).user_id, kind: 'final', input: JSON.stringify({}), status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.jobs.boss.send('generation.dead', { generationJobId: job.id });

    const deadline = Date.now() + 30_000;
    let row = await t.db.db.selectFrom('generation_jobs').select(['status', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
    while (row.status !== 'dead' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      row = await t.db.db.selectFrom('generation_jobs').select(['status', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
    }
    expect(row).toEqual({ status: 'dead', error: 'Generation stopped after several attempts. Please try again.' });
    const project = await t.db.db.selectFrom('projects').select('last_error').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(project.last_error).toBe('Generation stopped after several attempts. Please try again.');
  });

  /** A Pro customer with a project whose paid step may render (its credit counted when the project was created). */
  async function paidProject(email: string) {
    const paidCookie = await devSignIn(t.app, email);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    const sub = await t.db.db
      .insertInto('subscriptions')
      .values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 86400_000 * 30) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: paidCookie }, payload: { reelTime: 20, aspect: '9:16' } });
    expect(res.statusCode).toBe(201);
    const used = async () => (await t.db.db.selectFrom('subscriptions').select('documents_used').where('id', '=', sub.id).executeTakeFirstOrThrow()).documents_used;
    expect(await used()).toBe(1);
    return { userId: user.id, projectId: res.json().id as string, used };
  }

  const creditReturns = (project: string) => t.db.db.selectFrom('credit_returns').select(['project_id', 'job_id', 'retaken_at']).where('project_id', '=', project).execute();

  async function untilDead(jobId: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = await t.db.db.selectFrom('generation_jobs').select(['status', 'error']).where('id', '=', jobId).executeTakeFirstOrThrow();
      if (row.status === 'dead' || Date.now() > deadline) return row;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('gives the credit of a paid video job back once when the queue dead-letters it (its worker kept dying)', async () => {
    const paid = await paidProject(`dead.videos.${kind}@example.com`);
    // No worker of this app renders videos: the test plays the workers that die on every attempt.
    await t.jobs.boss.offWork(queueName('videos'));
    const job = await startGeneration(t.app.core, paid.userId, paid.projectId, 'videos', { quality: 'standard', watermark: false });
    for (let attempt = 0; attempt < 3; attempt++) {
      let fetched: Awaited<ReturnType<typeof t.jobs.boss.fetch>> = [];
      const deadline = Date.now() + 10_000;
      while (fetched.length === 0 && Date.now() < deadline) {
        fetched = await t.jobs.boss.fetch(queueName('videos'));
        if (fetched.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(fetched.map((j) => j.data)).toEqual([{ generationJobId: job.id }]);
      await t.db.db.updateTable('generation_jobs').set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1) })).where('id', '=', job.id).execute();
      await t.jobs.boss.fail(queueName('videos'), fetched[0]!, { message: 'worker died' });
    }

    const row = await untilDead(job.id);
    expect(row).toEqual({ status: 'dead', error: `${DEAD_LETTER_MESSAGE} ${CREDIT_RETURNED_NOTE}` });
    expect(await paid.used()).toBe(0);
    expect(await creditReturns(paid.projectId)).toEqual([{ project_id: paid.projectId, job_id: job.id, retaken_at: null }]);
    const project = await t.db.db.selectFrom('projects').select('last_error').where('id', '=', paid.projectId).executeTakeFirstOrThrow();
    expect(project.last_error).toBe(`${DEAD_LETTER_MESSAGE} ${CREDIT_RETURNED_NOTE}`);

    // The same job dead-lettered again (a duplicate delivery) changes nothing.
    await t.jobs.boss.send(DEAD_LETTER_QUEUE, { generationJobId: job.id });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await paid.used()).toBe(0);
    expect(await creditReturns(paid.projectId)).toHaveLength(1);
    expect((await untilDead(job.id)).error).toBe(`${DEAD_LETTER_MESSAGE} ${CREDIT_RETURNED_NOTE}`);
  });

  it('finalises a job once when the runner and the dead letter both finalise it at the same moment: one credit back', async () => {
    const paid = await paidProject(`dead.twice.${kind}@example.com`);
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: paid.projectId, user_id: paid.userId, kind: 'videos', input: JSON.stringify({}), status: 'running', attempts: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failure = { message: 'Rendering failed on our side. Please try again.', reason: 'generation_failed' as const, detail: 'test', ourFault: true };
    const results = await Promise.all([finaliseFailedJob(t.app.core, job.id, { ...failure, attempt: 2 }), finaliseFailedJob(t.app.core, job.id, failure)]);
    expect(results.map((r) => r.finalised).sort()).toEqual([false, true]);
    expect(results.filter((r) => r.creditReturned)).toHaveLength(1);
    expect(await paid.used()).toBe(0);
    expect(await creditReturns(paid.projectId)).toEqual([{ project_id: paid.projectId, job_id: job.id, retaken_at: null }]);
    // And once more, later: still one.
    expect(await finaliseFailedJob(t.app.core, job.id, failure)).toMatchObject({ finalised: false, creditReturned: false });
    expect(await paid.used()).toBe(0);
    expect(await creditReturns(paid.projectId)).toHaveLength(1);
    const row = await t.db.db.selectFrom('generation_jobs').select(['status', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'dead', error: `Rendering failed on our side. Please try again. ${CREDIT_RETURNED_NOTE}` });
  });

  it('leaves a job alone when its finaliser is stale (a later attempt took the job over)', async () => {
    const paid = await paidProject(`dead.stale.${kind}@example.com`);
    const job = await t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: paid.projectId, user_id: paid.userId, kind: 'videos', input: JSON.stringify({}), status: 'running', attempts: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stale = await finaliseFailedJob(t.app.core, job.id, { message: 'late', reason: 'generation_failed', detail: 'test', ourFault: true, attempt: 1 });
    expect(stale).toMatchObject({ finalised: false, creditReturned: false });
    expect(await t.db.db.selectFrom('generation_jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ status: 'running' });
    expect(await paid.used()).toBe(1);
    expect(await creditReturns(paid.projectId)).toEqual([]);
  });

  /** The app's services with a speech engine that takes a while and counts its calls (a slow provider). */
  function slowSpeech(ms: number) {
    const calls = { n: 0 };
    const engine = t.app.core.engine;
    const deps: AppDeps = {
      ...t.app.core,
      engine: {
        ...engine,
        speech: {
          synthesise: async (request) => {
            calls.n += 1;
            await new Promise((r) => setTimeout(r, ms));
            return engine.speech.synthesise(request);
          },
        },
      },
    };
    return { deps, calls };
  }

  /** A voiceover job in a voice not used before (so nothing is reused from an earlier render). */
  async function voiceoverJob(voiceIndex: number) {
    const voices = (await api('GET', '/api/voices')).json();
    const userId = (await t.db.db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirstOrThrow()).user_id;
    // Not put on the queue: the test is the queue, delivering it to two runners.
    return t.db.db
      .insertInto('generation_jobs')
      .values({ project_id: projectId, user_id: userId, kind: 'voiceover', input: JSON.stringify({ voiceId: voices[voiceIndex].id, sceneSpeedSettings: {} }) })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const projectMedia = async () => {
    const row = await t.db.db.selectFrom('projects').select(['assets', 'params', 'scenes']).where('id', '=', projectId).executeTakeFirstOrThrow();
    return row;
  };
  const jobRow = (id: string) => t.db.db.selectFrom('generation_jobs').select(['status', 'attempts', 'stage']).where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a job started twice at the same moment once: the second runner does nothing', async () => {
    const job = await voiceoverJob(1);
    const [a, b] = [slowSpeech(200), slowSpeech(200)];
    const outcomes = await Promise.all([runGenerationJob(a.deps, job.id, { lastAttempt: false }), runGenerationJob(b.deps, job.id, { lastAttempt: false })]);
    expect(outcomes.sort()).toEqual(['skipped', 'succeeded']);
    // Every scene voiced once, by one runner.
    expect([a.calls.n, b.calls.n].sort()).toEqual([0, 2]);
    expect(await jobRow(job.id)).toEqual({ status: 'succeeded', attempts: 1, stage: 'Done' });
  });

  it('leaves a running attempt younger than its lease to its runner, and takes over an older one', async () => {
    const job = await voiceoverJob(4);
    const first = slowSpeech(1_000);
    const running = runGenerationJob(first.deps, job.id, { lastAttempt: false });
    const deadline = Date.now() + 10_000;
    while (first.calls.n === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Delivered again while the first runner works (a duplicate, not a dead worker): nothing happens.
    const duplicate = slowSpeech(0);
    expect(await runGenerationJob(duplicate.deps, job.id, { lastAttempt: false })).toBe('skipped');
    expect(duplicate.calls.n).toBe(0);
    // Delivered again once the attempt is older than the lease (its worker taken for dead): taken over,
    // and the first runner's late result is not recorded.
    const later = slowSpeech(0);
    const lateClock = { now: () => new Date(Date.now() + (RUNNING_ATTEMPT_LEASE_SECONDS + 1) * 1000) };
    expect(await runGenerationJob({ ...later.deps, clock: lateClock }, job.id, { lastAttempt: false })).toBe('succeeded');
    expect(await running).toBe('skipped');
    expect(await jobRow(job.id)).toEqual({ status: 'succeeded', attempts: 2, stage: 'Done' });
  });

  it('records nothing from a runner whose attempt another worker took over', async () => {
    const job = await voiceoverJob(2);
    const { deps, calls } = slowSpeech(1_500);
    const projectBefore = await projectMedia();
    const stale = runGenerationJob(deps, job.id, { lastAttempt: false });
    const deadline = Date.now() + 10_000;
    while (calls.n === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(calls.n).toBeGreaterThan(0);
    // Another worker claims the next attempt (as after a heartbeat that stopped) and is still working.
    await t.db.db.updateTable('generation_jobs').set((eb) => ({ attempts: eb('attempts', '+', 1), stage: 'Taken over' })).where('id', '=', job.id).execute();
    expect(await stale).toBe('skipped');
    // Its outputs never reach the project: the newer attempt's (or none) stand.
    expect(await projectMedia()).toEqual(projectBefore);
    expect(await jobRow(job.id)).toEqual({ status: 'running', attempts: 2, stage: 'Taken over' });
    // Nor does it finalise a failure over the newer attempt.
    expect(await finaliseFailedJob(t.app.core, job.id, { message: 'late', reason: 'generation_failed', detail: 'test', ourFault: true, attempt: 1 })).toMatchObject({ finalised: false });
    expect((await jobRow(job.id)).status).toBe('running');
  });

  it('saves nothing on the project from a runner whose job was finalised while it worked', async () => {
    const job = await voiceoverJob(3);
    const { deps, calls } = slowSpeech(1_500);
    const projectBefore = await projectMedia();
    const stale = runGenerationJob(deps, job.id, { lastAttempt: false });
    const deadline = Date.now() + 10_000;
    while (calls.n === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The queue gave up on it meanwhile (its time ran out): the dead letter finalises the same attempt.
    expect(await finaliseFailedJob(t.app.core, job.id, { message: 'Generation stopped after several attempts. Please try again.', reason: 'generation_failed', detail: 'test', ourFault: true, attempt: 1 })).toMatchObject({ finalised: true });
    expect(await stale).toBe('skipped');
    expect((await jobRow(job.id)).status).toBe('dead');
    const after = await projectMedia();
    expect(after.assets).toEqual(projectBefore.assets);
    expect(after.scenes).toEqual(projectBefore.scenes);
  });
});
