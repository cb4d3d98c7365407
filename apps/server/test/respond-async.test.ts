import { testDatabaseKinds } from '@reelsmith/db/testing';
import { generationMessages } from '@reelsmith/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script = 'Meet the new trail shoe. It grips wet rock like nothing else. Try it on this weekend and feel the difference.';

// Long-running REST for integrators (RFC 7240): with `Prefer: respond-async` a generation step answers
// 202 Accepted at once, with the job to follow at Location; GET /api/jobs/{id} gives its state and,
// once done, its result. Without the preference the documented answer (the finished step) is kept.
describe.each(testDatabaseKinds())('Prefer: respond-async and GET /api/jobs/{id} on %s', (kind) => {
  let t: TestApp;
  let paid: string;
  let free: string;
  let stranger: string;
  let projectId: string;
  let voiceId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    paid = await devSignIn(t.app, `async.pro.${kind}@example.com`, 'Pat Pro');
    free = await devSignIn(t.app, `async.free.${kind}@example.com`, 'Fran Free');
    stranger = await devSignIn(t.app, `async.stranger.${kind}@example.com`, 'Stella Stranger');
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', `async.pro.${kind}@example.com`).executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
    projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '1:1' })).json().id;
    expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 2 })).statusCode).toBe(200);
    voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female' })).json()[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  function api(method: 'GET' | 'POST', url: string, payload?: object, cookie = paid, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  }

  /** Follows a job at its Location until it is finished, as an integrator polls it. */
  async function follow(location: string, cookie = paid) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const res = await api('GET', location, undefined, cookie);
      expect(res.statusCode).toBe(200);
      const job = res.json();
      if (job.status === 'succeeded' || job.status === 'dead') return job;
      if (Date.now() > deadline) throw new Error(`job still ${job.status} at ${job.stage}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const voiceover = () => ({ voiceId, language: 'en', sceneSpeedSettings: { 'scene-1': 1, 'scene-2': 1.1 }, oneVoiceForAll: true, changedScenesOnly: false });

  it('answers 202 with Location at once, and the job there finishes with its result', async () => {
    const res = await api('POST', `/api/projects/${projectId}/generate-voiceover`, voiceover(), paid, { prefer: 'wait=5, respond-async' });
    expect(res.statusCode).toBe(202);
    const { job } = res.json();
    expect(job).toMatchObject({ projectId, kind: 'voiceover' });
    expect(['queued', 'running']).toContain(job.status);
    expect(res.headers.location).toBe(`/api/jobs/${job.id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');
    expect(res.headers.vary).toMatch(/Prefer/i);

    const done = await follow(res.headers.location as string);
    expect(done).toMatchObject({ id: job.id, status: 'succeeded', percent: 100, error: null });
    expect(done.result.clips.map((c: { sceneId: string }) => c.sceneId)).toEqual(['scene-1', 'scene-2']);
    const project = (await api('GET', `/api/projects/${projectId}`)).json();
    expect(Object.keys(project.assets.voiceover)).toEqual(['scene-1', 'scene-2']);
  });

  it('keeps the documented answer without the preference (or with another one): the finished step', async () => {
    const res = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A friendly runner in a bright studio', model: 'flux-kontext', aspectRatio: '1:1' }, paid, { prefer: 'return=minimal' });
    expect(res.statusCode).toBe(200);
    expect(res.json().job.status).toBe('succeeded');
    expect(res.json().variations).toHaveLength(4);
    expect(res.headers['preference-applied']).toBeUndefined();
  });

  it('gives parallel starts through REST and tRPC one job, and one job only', async () => {
    const input = { combinedPrompt: 'A calm hiker at sunrise', model: 'flux-kontext', aspectRatio: '1:1' };
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => api('POST', `/api/projects/${projectId}/generate-avatar`, input, paid, { prefer: 'respond-async' })),
      ...Array.from({ length: 4 }, () => trpcCall(t.app, 'mutation', 'generation.start.avatars', { id: projectId, ...input }, paid)),
    ]);
    const ids = answers.map((a) => ('statusCode' in a ? (expect(a.statusCode).toBe(202), a.json().job.id) : (expect(a.status).toBe(200), a.data.job.id)));
    expect(new Set(ids).size).toBe(1);
    const open = await t.db.db.selectFrom('generation_jobs').select('id').where('project_id', '=', projectId).where('kind', '=', 'avatars').where('status', 'in', ['queued', 'running']).execute();
    expect(open.map((j) => j.id)).toEqual([ids[0]]);
    expect((await follow(`/api/jobs/${ids[0]}`)).status).toBe('succeeded');
  });

  it('applies the plan the same way when answering at once: a Free customer asking for HD is refused, and nothing starts', async () => {
    const freeProject = (await api('POST', '/api/projects', {}, free)).json().id;
    const body = { quality: 'high', model: 'omni-human' };
    const waiting = await api('POST', `/api/projects/${freeProject}/generate-omni-videos`, body, free);
    const atOnce = await api('POST', `/api/projects/${freeProject}/generate-omni-videos`, body, free, { prefer: 'respond-async' });
    expect(atOnce.statusCode).toBe(waiting.statusCode);
    expect(atOnce.statusCode).toBe(402);
    expect(atOnce.json()).toMatchObject({ error: generationMessages.hdLocked, reason: waiting.json().reason });
    expect(atOnce.headers.location).toBeUndefined();
    expect(await t.db.db.selectFrom('generation_jobs').select('id').where('project_id', '=', freeProject).execute()).toEqual([]);
  });

  it("shows a job only to its owner: another customer's, a made-up, a hostile or a malformed id are not found; signed out is 401", async () => {
    const [job] = await t.db.db.selectFrom('generation_jobs').select('id').where('project_id', '=', projectId).limit(1).execute();
    const strangers = await api('GET', `/api/jobs/${job!.id}`, undefined, stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toMatchObject({ error: generationMessages.jobNotFound, reason: 'not_found' });
    expect(strangers.body).not.toContain(projectId);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job', "1' OR '1'='1", '%E2%80%AE%F0%9F%98%80', '..%2F..%2Fprojects']) {
      const res = await api('GET', `/api/jobs/${id}`, undefined, paid);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(generationMessages.jobNotFound);
    }
    expect((await api('GET', `/api/jobs/${'a'.repeat(65)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${job!.id}` })).statusCode).toBe(401);
  });
});
