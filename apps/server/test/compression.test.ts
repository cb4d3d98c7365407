import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const media = (name: string) => `/media/test/${name}`;
const bigAssets = {
  avatar: { selected: 0, variations: [0, 1, 2, 3].map((i) => media(`avatar-variation-${i}-with-a-long-file-name.png`)) },
  avatar_product: { selected: 1, variations: [0, 1, 2, 3].map((i) => media(`avatar-product-variation-${i}-with-a-long-file-name.png`)) },
  video_generated: Object.fromEntries([1, 2, 3].map((i) => [`scene-${i}`, media(`generated-scene-${i}-with-a-long-file-name.mp4`)])),
  video_synced: Object.fromEntries([1, 2, 3].map((i) => [`scene-${i}`, media(`synced-scene-${i}-with-a-long-file-name.mp4`)])),
};

describe('compression of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  async function customerWithProjects(email: string, count: number): Promise<string> {
    const cookie = await devSignIn(t.app, email);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const scenes = [1, 2, 3].map((i) => ({ sceneId: `scene-${i}`, title: `Scene ${i}`, text: 'A sentence of the script, long enough to look like a real scene of a reel. '.repeat(4).trim(), durationSeconds: 10, wordCount: 60 }));
    for (let i = 0; i < count; i += 1) {
      await t.db.db
        .insertInto('projects')
        .values({ user_id: user.id, title: `Reel ${i}`, scenes: JSON.stringify(scenes), params: JSON.stringify({ aspect: '9:16' }), assets: JSON.stringify(bigAssets), industry: null, last_error: null })
        .execute();
    }
    return cookie;
  }

  it('compresses a mid-sized JSON answer (8–64 KiB) in one piece, with its Content-Length', async () => {
    const cookie = await customerWithProjects('many-projects@example.com', 12);
    const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(json.length).toBeGreaterThan(8 * 1024);
    expect(json.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(json)).toHaveLength(12);
    // Only the one-piece path knows the compressed size up front; the stream path answers chunked.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('compresses tRPC answers in one piece too, and leaves small ones as they are', async () => {
    const cookie = await customerWithProjects('trpc-projects@example.com', 12);
    const batch = await t.app.inject({ method: 'GET', url: `/trpc/projects.list,billing.subscription.current?batch=1&input=${encodeURIComponent('{}')}`, headers: { cookie, 'accept-encoding': 'br' } });
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-encoding']).toBe('br');
    expect(Number(batch.headers['content-length'])).toBe(batch.rawPayload.length);
    const [projects, subscription] = JSON.parse(brotliDecompressSync(batch.rawPayload).toString('utf8')) as [{ result: { data: { json: unknown[] } } }, { result: { data: { json: { planName: string } } } }];
    expect(projects.result.data.json).toHaveLength(12);
    expect(subscription.result.data.json.planName).toBe('Free');
    const small = await t.app.inject({ method: 'GET', url: '/trpc/auth.user', headers: { cookie, 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(small.body).result.data.json.email).toBe('trpc-projects@example.com');
    const signedOut = await t.app.inject({ method: 'GET', url: '/trpc/auth.user', headers: { 'accept-encoding': 'br' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('leaves streamed tRPC batches (JSON lines) streaming', async () => {
    const cookie = await customerWithProjects('streamed-batch@example.com', 1);
    const res = await t.app.inject({ method: 'GET', url: `/trpc/auth.user,projects.list?batch=1&input=${encodeURIComponent('{}')}`, headers: { cookie, 'trpc-accept': 'application/jsonl' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body).toContain('streamed-batch@example.com');
  });

  it('still compresses bigger answers, as a stream', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toHaveProperty('paths');
  });
});

describe.each(testDatabaseKinds())('answers compressed once on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  // Quotes, markup, a right-to-left override and emoji: every byte of the title goes into the compressed key.
  const hostile = 'Reel "},{"id":"x" </script><img src=x onerror=alert(1)> \u202e evil ✨🎬 '.repeat(2).trim();

  /**
   * A Free customer's one project, made through the API: a hostile title and three scenes of hostile text,
   * enough for the list to be compressed. A second project is past the Free plan's limit.
   */
  async function customerWithProject(email: string): Promise<string> {
    const cookie = await devSignIn(t.app, email);
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie, 'content-type': 'application/json' }, payload: { title: hostile.slice(-120) } });
    expect(created.statusCode, created.body).toBe(201);
    const scenes = [1, 2, 3].map((i) => ({ sceneId: `scene-${i}`, title: `Scene ${i}`, text: `${hostile} — scene ${i}, long enough to read as a real one.`, durationSeconds: 10, wordCount: 24 }));
    const put = await t.app.inject({ method: 'PUT', url: `/api/projects/${(JSON.parse(created.body) as { id: string }).id}`, headers: { cookie, 'content-type': 'application/json' }, payload: { scenes } });
    expect(put.statusCode, put.body).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie, 'content-type': 'application/json' }, payload: { title: 'One too many' } });
    expect(second.statusCode).toBe(402);
    return cookie;
  }

  const decode = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');

  it('sends an unchanged answer compressed the same, and each customer only their own, in parallel too', async () => {
    const alice = await customerWithProject(`alice-lists-${kind}@example.com`);
    const bob = await customerWithProject(`bob-lists-${kind}@example.com`);
    const list = (cookie: string, encoding: string) => t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'accept-encoding': encoding } });
    const answers = await Promise.all([alice, bob, alice, bob, alice, bob].map((cookie, i) => list(cookie, i < 4 ? 'br' : 'gzip')));
    const decoded = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeDefined();
      return JSON.parse(decode(res)) as Array<{ id: string; title: string }>;
    });
    const aliceIds = decoded[0]!.map((p) => p.id);
    const bobIds = decoded[1]!.map((p) => p.id);
    expect(aliceIds).toHaveLength(1);
    expect(bobIds.some((id) => aliceIds.includes(id))).toBe(false);
    for (const [i, projects] of decoded.entries()) expect(projects.map((p) => p.id)).toEqual(i % 2 === 0 ? aliceIds : bobIds);
    expect(decoded[0]!.map((p) => p.title)).toEqual([hostile.slice(-120)]);
    expect(decode(answers[0]!)).toContain(JSON.stringify(`${hostile} — scene 2, long enough to read as a real one.`));
    expect(Buffer.compare(answers[0]!.rawPayload, answers[2]!.rawPayload)).toBe(0);
    expect(answers[4]!.headers['content-encoding']).toBe('gzip');
    // The same list through tRPC, beside the REST calls: its own answer, also whole.
    const [viaTrpc, viaRest] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/trpc/projects.list', headers: { cookie: alice, 'accept-encoding': 'br' } }),
      list(alice, 'br'),
    ]);
    expect((JSON.parse(decode(viaTrpc)) as { result: { data: { json: Array<{ id: string }> } } }).result.data.json.map((p) => p.id)).toEqual(aliceIds);
    expect(Buffer.compare(viaRest.rawPayload, answers[0]!.rawPayload)).toBe(0);
    // A change is sent as it now is, not as it was compressed before.
    const renamedTo = `${hostile} renamed`.slice(-120);
    const put = await t.app.inject({ method: 'PUT', url: `/api/projects/${aliceIds[0]}`, headers: { cookie: alice, 'content-type': 'application/json' }, payload: { title: renamedTo } });
    expect(put.statusCode).toBe(200);
    const afterRename = await list(alice, 'br');
    expect((JSON.parse(decode(afterRename)) as Array<{ title: string }>).map((p) => p.title)).toContain(renamedTo);
    // A title past its limit is refused and changes nothing: the list is the same bytes as before.
    const huge = await t.app.inject({ method: 'PUT', url: `/api/projects/${aliceIds[0]}`, headers: { cookie: alice, 'content-type': 'application/json' }, payload: { title: 'x'.repeat(10_000) } });
    expect(huge.statusCode).toBe(400);
    expect(Buffer.compare((await list(alice, 'br')).rawPayload, afterRename.rawPayload)).toBe(0);
  });

  it('gives a page of another site, which has no session, only the refusal, never a kept list', async () => {
    const cookie = await customerWithProject(`origin-${kind}@example.com`);
    const own = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'accept-encoding': 'br' } });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { origin: 'https://evil.example', 'accept-encoding': 'br' } });
    expect(foreign.statusCode).toBe(401);
    expect(decode(foreign)).not.toContain('evil ✨');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
