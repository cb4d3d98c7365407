import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startGeneration, type AppDeps } from '@reelsmith/core';
import { createSeededTestDatabase, silentLogger } from '@reelsmith/core/testing';
import { postgresTestUrl, type TestDatabase } from '@reelsmith/db/testing';
import { JobRunner, queueName, RECOVERY } from '@reelsmith/jobs';
import type { MediaEngine } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './support/waits.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const mainFile = resolve(import.meta.dirname, '../src/main.ts');
const script = 'Meet the new trail shoe. It grips wet rock like glue. It weighs less than an apple. Try it this weekend and feel the difference.';

/** The promise of a recovery: a killed worker's job is running again on another worker within this. */
const RECOVERY_LIMIT_MS = 15_000;

interface Worker {
  process: ChildProcess;
  /** Resolves once the worker says it is working the queue. */
  ready: Promise<void>;
}

/** A separate worker process, as in production: `ROLE=worker` on the same database and media folder. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, ...env, ROLE: 'worker', NODE_ENV: 'test', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolveReady, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes('working the job queue')) resolveReady();
      // Only warnings and errors reach the test's output.
      if (/"level":(40|50|60)/.test(line)) process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code, signal) => reject(new Error(`worker exited before it was ready (${code ?? signal})`)));
  });
  ready.catch(() => undefined);
  return { process: child, ready };
}

// Needs PostgreSQL: the embedded database serves one process only, and this test runs three.
describe.runIf(postgresTestUrl())('a worker killed during a render', () => {
  let db: TestDatabase;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    db = await createSeededTestDatabase('postgres');
    t = await buildTestApp('postgres', { DATABASE_URL: db.url! }, db);
    // From here only the workers a test starts render videos.
    await t.jobs.boss.offWork(queueName('videos'));
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    for (const r of runners) await r.stop();
    await t.close();
    await db.close();
  });

  /** A Pro customer's project with scenes, voiceover and a selected avatar: ready for the paid video step. */
  async function readyForVideos(email: string, sceneCount?: number) {
    const cookie = await devSignIn(t.app, email);
    const user = await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const pro = await db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    await db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 86400_000 * 30) }).execute();
    const api = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const id = (await api('POST', '/api/projects', { reelTime: 20 })).json().id as string;
    expect((await api('POST', `/api/projects/${id}/generate-scenes`, { script, reelTime: 20, ...(sceneCount ? { sceneCount, sceneDuration: 20 / sceneCount } : {}) })).statusCode).toBe(200);
    const voices = (await api('GET', '/api/voices')).json();
    expect((await api('POST', `/api/projects/${id}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: {} })).statusCode).toBe(200);
    expect((await api('POST', `/api/projects/${id}/generate-avatar`, { combinedPrompt: 'A hiker outdoors', model: 'google-imagen-4-ultra', aspectRatio: '9:16' })).statusCode).toBe(200);
    await api('PATCH', `/api/projects/${id}`, { selectedAvatar: 0 });
    return { userId: user.id, projectId: id, api, cookie };
  }

  it(`loses nothing and recovers within ${RECOVERY_LIMIT_MS / 1000} s: another worker takes the job over and finishes every scene video`, async () => {
    const { userId, projectId: id, api, cookie } = await readyForVideos('crash@example.com');
    const env = { DATABASE_URL: db.url!, DATA_DIR: t.config.dataDir };
    // One after the other: each seeds the startup data on its way up.
    const first = startWorker(env);
    workers.push(first.process);
    await first.ready;
    const second = startWorker(env);
    workers.push(second.process);
    await second.ready;
    try {
      // The second worker is paused while the first takes the job, so we know which one to kill.
      second.process.kill('SIGSTOP');
      const job = await startGeneration(t.app.core, userId, id, 'videos', { quality: 'high', watermark: false });
      await until('the first worker to start rendering', async () => {
        const row = await db.db.selectFrom('generation_jobs').select(['status', 'percent', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
        return row.status === 'running' && row.percent > 0 ? row : undefined;
      }, 60_000);
      second.process.kill('SIGCONT');

      first.process.kill('SIGKILL');
      const killedAt = Date.now();
      const afterKill = await db.db.selectFrom('generation_jobs').select(['status', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(afterKill).toEqual({ status: 'running', attempts: 1 });
      const project = await db.db.selectFrom('projects').select(['assets', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect((project.assets as { video_generated?: unknown }).video_generated).toBeUndefined();

      // Another worker claims the next attempt: the job is running again.
      await until('another worker to take the job over', async () => {
        const row = await db.db.selectFrom('generation_jobs').select(['attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
        return row.attempts >= 2 ? row : undefined;
      }, 60_000, 100);
      const recoveryMs = Date.now() - killedAt;
      process.stdout.write(`worker-crash: job taken over ${(recoveryMs / 1000).toFixed(1)} s after SIGKILL\n`);
      expect(recoveryMs).toBeLessThan(RECOVERY_LIMIT_MS);

      const done = await until('the retry to succeed', async () => {
        const row = await db.db.selectFrom('generation_jobs').select(['status', 'attempts', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
        if (row.status === 'dead') throw new Error(`job died: ${row.error}`);
        return row.status === 'succeeded' ? row : undefined;
      }, 120_000);
      expect(done.attempts).toBe(2);
      const finished = (await api('GET', `/api/projects/${id}`)).json();
      expect(finished.status).toBe('LipSynced');
      for (const scene of finished.scenes) {
        const url: string = finished.assets.video_generated[scene.sceneId];
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
      }
    } finally {
      // The next test counts renders: no worker of this one may still be working.
      first.process.kill('SIGKILL');
      second.process.kill('SIGKILL');
    }
  }, 300_000);

  it('never takes a live job from its worker: a render longer than three heartbeat timeouts runs once, on one worker', async () => {
    const { userId, projectId } = await readyForVideos('live@example.com', 2);
    const minimumMs = 3 * RECOVERY.heartbeatSeconds * 1000 + 2_000;
    const renders: string[] = [];
    /** A worker whose renderer is slow (a long provider render) and records who rendered. */
    const slowWorker = async (name: string) => {
      const engine: MediaEngine = {
        ...t.app.core.engine,
        talkingVideo: {
          ...t.app.core.engine.talkingVideo,
          render: async (request) => {
            renders.push(name);
            await new Promise((r) => setTimeout(r, minimumMs));
            return t.app.core.engine.talkingVideo.render(request);
          },
        },
      };
      const runner = new JobRunner({ database: db, databaseUrl: db.url, logger: silentLogger });
      runners.push(runner);
      await runner.start();
      const deps: AppDeps = { ...t.app.core, engine, jobs: runner };
      await runner.work(deps);
    };
    await Promise.all([slowWorker('a'), slowWorker('b')]);

    const startedAt = Date.now();
    const job = await startGeneration(t.app.core, userId, projectId, 'videos', { quality: 'standard', watermark: false });
    const done = await until('the slow render to finish', async () => {
      const row = await db.db.selectFrom('generation_jobs').select(['status', 'attempts', 'error', 'queue_job_id']).where('id', '=', job.id).executeTakeFirstOrThrow();
      if (row.status === 'dead') throw new Error(`job died: ${row.error}`);
      return row.status === 'succeeded' ? row : undefined;
    }, 150_000);
    expect(Date.now() - startedAt).toBeGreaterThan(minimumMs);
    expect(done.attempts).toBe(1);
    expect(renders).toHaveLength(2);
    expect(new Set(renders).size).toBe(1);
    // The step's row says succeeded before its handler returns; the queue marks the job completed just after.
    const queued = await until('the queue to complete the job', async () => {
      const rows = (await db.pool!.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [done.queue_job_id])).rows;
      return rows[0]?.state === 'active' ? undefined : rows;
    }, 10_000);
    expect(queued).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 240_000);
});
