import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. Tap the link and glow with me.';

// A job that keeps failing ends 'dead' with a readable error on the job and the project, and the
// dead-letter queue (where pg-boss puts jobs whose worker kept dying) does the same.
describe('jobs that cannot finish', () => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    cookie = await devSignIn(t.app, 'dead.letter@example.com', 'Dee Letter');
    projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16' })).json().id;
    const scenes = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 2, sceneDuration: 10 });
    expect(scenes.statusCode).toBe(200);
  }, 120_000);
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
  }, 120_000);

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
  }, 60_000);
});
