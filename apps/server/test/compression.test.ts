import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('sends an unchanged answer compressed the same, and each customer only their own, in parallel too', async () => {
    const alice = await customerWithProjects('alice-lists@example.com', 3);
    const bob = await customerWithProjects('bob-lists@example.com', 3);
    const list = (cookie: string, encoding: string) => t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'accept-encoding': encoding } });
    const answers = await Promise.all([alice, bob, alice, bob, alice, bob].map((cookie, i) => list(cookie, i < 4 ? 'br' : 'gzip')));
    const decoded = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      const bytes = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      return JSON.parse(bytes.toString('utf8')) as Array<{ id: string; title: string }>;
    });
    const aliceIds = decoded[0]!.map((p) => p.id);
    const bobIds = decoded[1]!.map((p) => p.id);
    expect(aliceIds).toHaveLength(3);
    expect(bobIds.some((id) => aliceIds.includes(id))).toBe(false);
    for (const [i, projects] of decoded.entries()) expect(projects.map((p) => p.id)).toEqual(i % 2 === 0 ? aliceIds : bobIds);
    expect(Buffer.compare(answers[0]!.rawPayload, answers[2]!.rawPayload)).toBe(0);
    expect(answers[4]!.headers['content-encoding']).toBe('gzip');
    // A change is sent as it now is, not as it was compressed before.
    await t.db.db.updateTable('projects').set({ title: 'Renamed reel' }).where('id', '=', aliceIds[0]!).execute();
    const renamed = await list(alice, 'br');
    const titles = (JSON.parse(brotliDecompressSync(renamed.rawPayload).toString('utf8')) as Array<{ id: string; title: string }>).map((p) => p.title);
    expect(titles).toContain('Renamed reel');
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
