import { IDEMPOTENCY_ABANDONED_AFTER_MS, idempotencyMessages, requestFingerprint, runIdempotently } from '@reelsmith/core';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script = 'Meet the new trail shoe. It grips wet rock like nothing else. Try it on this weekend and feel the difference.';
const day = 24 * 60 * 60_000;

// Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field", as Stripe does it): a retried
// POST or PATCH with the same key and body answers the first answer again (Idempotent-Replayed: true)
// and does nothing more; another body is 422, a retry while the first runs 409, a bad key 400.
describe.each(testDatabaseKinds())('Idempotency-Key on the REST shims on %s', (kind) => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  let adaId: string;
  let bobId: string;
  let keyNumber = 0;
  /** A fresh key per test, as a client makes one per operation. */
  const newKey = () => `key-${kind}-${Date.now()}-${(keyNumber += 1)}`;

  async function giveProPlan(email: string): Promise<string> {
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', user.id).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: user.id, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * day) }).execute();
    return user.id;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ada = await devSignIn(t.app, `idem.ada.${kind}@example.com`, 'Ada Key');
    bob = await devSignIn(t.app, `idem.bob.${kind}@example.com`, 'Bob Key');
    adaId = await giveProPlan(`idem.ada.${kind}@example.com`);
    bobId = await giveProPlan(`idem.bob.${kind}@example.com`);
  });
  afterAll(async () => {
    await t.close();
  });

  function api(method: 'GET' | 'POST' | 'PATCH', url: string, payload: object | undefined, auth: string, headers: Record<string, string | string[]> = {}) {
    const credentials = auth.startsWith('rsk_') ? { authorization: `Bearer ${auth}` } : { cookie: auth };
    return t.app.inject({ method, url, headers: { ...credentials, ...headers }, ...(payload ? { payload } : {}) });
  }
  const projectCount = async (userId: string) => (await t.db.db.selectFrom('projects').select('id').where('user_id', '=', userId).execute()).length;

  it('runs a retried POST /api/projects once: the retry replays the same status and project, in any key order', async () => {
    const key = newKey();
    const before = await projectCount(adaId);
    const first = await api('POST', '/api/projects', { title: 'Once', reelTime: 20, aspect: '1:1' }, ada, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await api('POST', '/api/projects', { aspect: '1:1', reelTime: 20, title: 'Once' }, ada, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.body).toBe(first.body);
    // The draft's quoted form (a Structured Field string) names the same key.
    const quoted = await api('POST', '/api/projects', { title: 'Once', reelTime: 20, aspect: '1:1' }, ada, { 'idempotency-key': `"${key}"` });
    expect(quoted.headers['idempotent-replayed']).toBe('true');
    expect(await projectCount(adaId)).toBe(before + 1);
  });

  it('refuses the same key with another body (422) and creates nothing more', async () => {
    const key = newKey();
    const first = await api('POST', '/api/projects', { title: 'First body' }, ada, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const before = await projectCount(adaId);
    const other = await api('POST', '/api/projects', { title: 'Another body' }, ada, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: idempotencyMessages.reused, reason: 'idempotency_key_reused' });
    expect(await projectCount(adaId)).toBe(before);
    // The same key on another path is another request.
    const elsewhere = await api('PATCH', `/api/projects/${first.json().id}`, { title: 'Another body' }, ada, { 'idempotency-key': key });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets exactly one of 8 parallel requests with one key run: one project, the others 409 or the replay', async () => {
    const key = newKey();
    const before = await projectCount(adaId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => api('POST', '/api/projects', { title: 'Parallel' }, ada, { 'idempotency-key': key })));
    expect(await projectCount(adaId)).toBe(before + 1);
    const ran = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json().id).toBe(ran[0]!.json().id);
      else expect(answer.json(), answer.body).toMatchObject({ error: idempotencyMessages.inFlight, reason: 'idempotency_key_in_flight' });
      expect([201, 409]).toContain(answer.statusCode);
    }
  });

  it("keeps keys per customer: another customer's identical key and body runs on its own; the owner's API key shares the session's keys", async () => {
    const key = newKey();
    const adas = await api('POST', '/api/projects', { title: 'Mine' }, ada, { 'idempotency-key': key });
    const bobsBefore = await projectCount(bobId);
    const bobs = await api('POST', '/api/projects', { title: 'Mine' }, bob, { 'idempotency-key': key });
    expect(bobs.statusCode).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.json().id).not.toBe(adas.json().id);
    expect(await projectCount(bobId)).toBe(bobsBefore + 1);
    // An API key stands for its customer: the same key from Ada's integration replays her answer.
    const apiKey = (await api('POST', '/api/auth/api-keys', { name: 'Idempotency' }, ada)).json().key as string;
    const viaKey = await api('POST', '/api/projects', { title: 'Mine' }, apiKey, { 'idempotency-key': key });
    expect(viaKey.headers['idempotent-replayed']).toBe('true');
    expect(viaKey.json().id).toBe(adas.json().id);
  });

  it('starts one job for a retried generate-voiceover with Prefer: respond-async, even after the first finished', async () => {
    const projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '1:1' }, ada)).json().id as string;
    expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20, sceneCount: 2 }, ada)).statusCode).toBe(200);
    const voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices?gender=female' })).json()[0].id as string;
    const body = { voiceId, language: 'en', sceneSpeedSettings: { 'scene-1': 1, 'scene-2': 1 }, oneVoiceForAll: true, changedScenesOnly: false };
    const headers = { prefer: 'respond-async', 'idempotency-key': newKey() };
    const first = await api('POST', `/api/projects/${projectId}/generate-voiceover`, body, ada, headers);
    expect(first.statusCode).toBe(202);
    const jobId = first.json().job.id as string;
    for (let waited = 0; ; waited += 100) {
      const job = (await api('GET', `/api/jobs/${jobId}`, undefined, ada)).json();
      if (job.status === 'succeeded') break;
      if (waited > 90_000 || job.status === 'dead') throw new Error(`job ${job.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const retry = await api('POST', `/api/projects/${projectId}/generate-voiceover`, body, ada, headers);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.location).toBe(`/api/jobs/${jobId}`);
    expect(retry.headers['preference-applied']).toBe('respond-async');
    expect(retry.json().job.id).toBe(jobId);
    const jobs = await t.db.db.selectFrom('generation_jobs').select('id').where('project_id', '=', projectId).where('kind', '=', 'voiceover').execute();
    expect(jobs.map((j) => j.id)).toEqual([jobId]);
  });

  it('refuses hostile keys with 400 and runs nothing: control characters, 300 characters, empty, sent twice', async () => {
    const before = await projectCount(adaId);
    let reached = 0;
    for (const key of ['tab\there', 'bell\u0007', 'nul\u0000', 'x'.repeat(300), '', '   ', 'caf\u00e9', '"unterminated', ['one', 'two'], 'one, two']) {
      let res;
      try {
        res = await api('POST', '/api/projects', { title: 'Hostile' }, ada, { 'idempotency-key': key });
      } catch {
        continue; // a value Node refuses to send at all never reaches us
      }
      reached += 1;
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({ error: idempotencyMessages.invalidKey, reason: 'invalid_input' });
    }
    expect(reached).toBeGreaterThanOrEqual(8);
    expect((await api('POST', '/api/projects', { title: 'Longest' }, ada, { 'idempotency-key': 'k'.repeat(255) })).statusCode).toBe(201);
    expect(await projectCount(adaId)).toBe(before + 1);
  });

  it('replays a refusal (4xx) but not a failure on our side (5xx): a 5xx or a thrown error releases the key', async () => {
    const key = newKey();
    const refused = await api('POST', '/api/projects', { reelTime: 50 }, ada, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(400);
    const again = await api('POST', '/api/projects', { reelTime: 50 }, ada, { 'idempotency-key': key });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);

    const scope = { userId: adaId, method: 'POST' as const, path: '/api/projects', key: newKey(), fingerprint: 'a'.repeat(64) };
    let runs = 0;
    const failing = await runIdempotently(t.app.core, scope, async () => ((runs += 1), { statusCode: 503, headers: {}, body: { error: 'busy' } }));
    expect(failing.replayed).toBe(false);
    await expect(runIdempotently(t.app.core, scope, async () => ((runs += 1), Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
    const ok = await runIdempotently(t.app.core, scope, async () => ((runs += 1), { statusCode: 201, headers: { location: '/x' }, body: { ok: true } }));
    expect(ok.replayed).toBe(false);
    expect(runs).toBe(3);
    const replay = await runIdempotently(t.app.core, scope, async () => ((runs += 1), { statusCode: 201, headers: {}, body: {} }));
    expect(replay).toEqual({ replayed: true, statusCode: 201, headers: { location: '/x' }, body: '{"ok":true}' });
    expect(runs).toBe(3);
  });

  it('forgets a key after 24 hours (the request runs again) and deletes expired rows as new keys are claimed', async () => {
    const key = newKey();
    const first = await api('POST', '/api/projects', { title: 'Day one' }, ada, { 'idempotency-key': key });
    t.clock.advance(day + 1000);
    const expired = async () => (await t.db.db.selectFrom('idempotency_keys').select('id').where('expires_at', '<=', t.clock.now()).execute()).length;
    try {
      const expiredBefore = await expired();
      expect(expiredBefore).toBeGreaterThan(1);
      const later = await api('POST', '/api/projects', { title: 'Day one' }, ada, { 'idempotency-key': key });
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().id).not.toBe(first.json().id);
      // The expired row of this key was taken over; up to 10 other expired rows went with the claim.
      expect(await expired()).toBe(Math.max(0, expiredBefore - 1 - 10));
    } finally {
      t.clock.advance(-(day + 1000));
    }
  });

  it('takes over a claim left in flight by a dead process after 20 minutes, and not before', async () => {
    const body = { title: 'Orphan' };
    const claim = (key: string, minutesAgo: number) =>
      t.db.db
        .insertInto('idempotency_keys')
        .values({
          user_id: adaId,
          method: 'POST',
          path: '/api/projects',
          key,
          fingerprint: requestFingerprint(body, {}),
          locked_at: new Date(t.clock.now().getTime() - minutesAgo * 60_000),
          expires_at: new Date(t.clock.now().getTime() + day),
        })
        .execute();
    const running = newKey();
    await claim(running, IDEMPOTENCY_ABANDONED_AFTER_MS / 60_000 - 1);
    expect((await api('POST', '/api/projects', body, ada, { 'idempotency-key': running })).statusCode).toBe(409);
    const abandoned = newKey();
    await claim(abandoned, IDEMPOTENCY_ABANDONED_AFTER_MS / 60_000 + 1);
    const res = await api('POST', '/api/projects', body, ada, { 'idempotency-key': abandoned });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await api('POST', '/api/projects', body, ada, { 'idempotency-key': abandoned })).json().id).toBe(res.json().id);
  });

  it('keeps nothing for a signed-out call (401) and ignores the key on GET', async () => {
    const key = newKey();
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { 'idempotency-key': key }, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(await t.db.db.selectFrom('idempotency_keys').select('id').where('key', '=', key).execute()).toEqual([]);
    const get = await api('GET', '/api/projects', undefined, ada, { 'idempotency-key': 'x'.repeat(300) });
    expect(get.statusCode).toBe(200);
  });
});
