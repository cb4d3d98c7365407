import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { startGeneration } from '@reelsmith/core';
import { createSeededTestDatabase } from '@reelsmith/core/testing';
import { postgresTestUrl, type TestDatabase } from '@reelsmith/db/testing';
import { queueName } from '@reelsmith/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const mainFile = resolve(import.meta.dirname, '../src/main.ts');
const script = 'Meet the new trail shoe. It grips wet rock like glue. It weighs less than an apple. Try it this weekend and feel the difference.';

/** A separate worker process, as in production: `ROLE=worker` on the same database and media folder. */
function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [mainFile], {
    env: { ...process.env, ...env, ROLE: 'worker', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// Needs PostgreSQL: the embedded database serves one process only, and this test runs three.
describe.runIf(postgresTestUrl())('a worker killed during a render', () => {
  let db: TestDatabase;
  let t: TestApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createSeededTestDatabase('postgres');
    t = await buildTestApp('postgres', { DATABASE_URL: db.url! }, db);
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await t.close();
    await db.close();
  });

  it('loses nothing: the job is retried by another worker and finishes with every scene video', async () => {
    const cookie = await devSignIn(t.app, 'crash@example.com');
    const user = await db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const pro = await db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    await db.db.updateTable('subscriptions').set({ status: 'expired' }).execute();
    await db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 86400_000 * 30) }).execute();
    const api = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const id = (await api('POST', '/api/projects', { reelTime: 20 })).json().id;
    await api('POST', `/api/projects/${id}/generate-scenes`, { script, reelTime: 20 });
    const voices = (await api('GET', '/api/voices')).json();
    expect((await api('POST', `/api/projects/${id}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: {} })).statusCode).toBe(200);
    expect((await api('POST', `/api/projects/${id}/generate-avatar`, { combinedPrompt: 'A hiker outdoors', model: 'google-imagen-4-ultra', aspectRatio: '9:16' })).statusCode).toBe(200);
    await api('PATCH', `/api/projects/${id}`, { selectedAvatar: 0 });

    // From here only the separate worker processes render videos.
    await t.jobs.boss.offWork(queueName('videos'));
    const job = await startGeneration(t.app.core, user.id, id, 'videos', { quality: 'high', watermark: false });
    const env = { DATABASE_URL: db.url!, DATA_DIR: t.config.dataDir };
    const first = startWorker(env);
    workers.push(first);
    await until('the first worker to start rendering', async () => {
      const row = await db.db.selectFrom('generation_jobs').select(['status', 'percent']).where('id', '=', job.id).executeTakeFirstOrThrow();
      return row.status === 'running' && row.percent > 0 ? row : undefined;
    }, 60_000);
    first.kill('SIGKILL');
    const afterKill = await db.db.selectFrom('generation_jobs').select(['status']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(afterKill.status).toBe('running');
    const project = await db.db.selectFrom('projects').select(['assets', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((project.assets as { video_generated?: unknown }).video_generated).toBeUndefined();

    workers.push(startWorker(env));
    const done = await until('the retry to succeed', async () => {
      const row = await db.db.selectFrom('generation_jobs').select(['status', 'attempts', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
      if (row.status === 'dead') throw new Error(`job died: ${row.error}`);
      return row.status === 'succeeded' ? row : undefined;
    }, 120_000);
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const finished = (await api('GET', `/api/projects/${id}`)).json();
    expect(finished.status).toBe('LipSynced');
    for (const scene of finished.scenes) {
      const url: string = finished.assets.video_generated[scene.sceneId];
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    }
  }, 240_000);
});
