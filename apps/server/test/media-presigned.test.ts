import { randomBytes } from 'node:crypto';
import { S3Storage } from '@reelsmith/core';
import { StrictS3Peer } from '@reelsmith/core/testing';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

// S3_MEDIA_DELIVERY=presigned: the media route decides who may see what, then sends video and audio
// to the bucket with a short-lived signed URL (checked by a peer that verifies SigV4 query signatures),
// so viewers' bytes never hold the server's storage sockets. Images still come through the server.
describe.each(testDatabaseKinds())('presigned media delivery on %s', (kind) => {
  const credentials = { accessKeyId: 'AKIDMEDIA', secretAccessKey: 'media-secret-key' };
  const peer = new StrictS3Peer({ credentials });
  let t: TestApp;
  let owner: string;
  let projectId: string;
  const video = randomBytes(150_000);
  const poster = randomBytes(2_000);

  beforeAll(async () => {
    await peer.start();
    t = await buildTestApp(kind, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: peer.url,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_MEDIA_DELIVERY: 'presigned',
      S3_PRESIGN_SECONDS: '600',
    });
    t.app.core.storage = new S3Storage(t.config.s3!);
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(async () => {
    await t.db.reset();
    owner = await devSignIn(t.app, 'viewer-owner@example.com');
    projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: owner }, payload: {} })).json().id;
    await t.app.core.storage.put(`projects/${projectId}/final.mp4`, { buffer: video }, 'video/mp4');
    await t.app.core.storage.put(`projects/${projectId}/avatar-0.png`, { buffer: poster }, 'image/png');
    await t.db.db
      .updateTable('projects')
      .set({
        status: 'Merged',
        current_step: 6,
        assets: JSON.stringify({
          avatar: { selected: 0, variations: [`/media/projects/${projectId}/avatar-0.png`] },
          final: { type: 'single', url: `/media/projects/${projectId}/final.mp4` },
        }),
      })
      .where('id', '=', projectId)
      .execute();
  });
  const get = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

  it("sends the owner to a signed bucket URL without touching storage itself, and the bucket serves the bytes", async () => {
    const before = peer.requests.length;
    const res = await get(`/media/projects/${projectId}/final.mp4`, owner);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(peer.requests.length).toBe(before);
    const location = String(res.headers.location);
    expect(location.startsWith(`${peer.url}/media/projects/${projectId}/final.mp4?`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('cache-control')).toBe('private, max-age=600');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(video);
    const seek = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(Buffer.from(await seek.arrayBuffer())).toEqual(video.subarray(1000, 2000));
  });

  it('keeps the access decision: strangers get the same 404 as missing media, and no URL', async () => {
    const stranger = await devSignIn(t.app, 'stranger@example.com');
    for (const cookie of [undefined, stranger]) {
      const res = await get(`/media/projects/${projectId}/final.mp4`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain('X-Amz-Signature');
    }
  });

  it("lets anyone with a public share's link play its final video, cacheable by shared caches", async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/share`, headers: { cookie: owner } })).statusCode).toBe(200);
    const res = await get(`/media/projects/${projectId}/final.mp4`);
    expect(res.statusCode).toBe(302);
    const fetched = await fetch(String(res.headers.location));
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=600');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(video);
  });

  it("refuses a download the owner's plan does not include before signing anything", async () => {
    const res = await get(`/media/projects/${projectId}/final.mp4?download=1`, owner);
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('streams images through the server as before', async () => {
    const res = await get(`/media/projects/${projectId}/avatar-0.png`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(poster);
  });

  it("lets the pages play media from the bucket's origin (Content-Security-Policy)", async () => {
    const res = await get('/healthz');
    expect(String(res.headers['content-security-policy'])).toContain(`media-src 'self' blob: ${peer.url}`);
  });

  // Last: it stops the store.
  it('is not ready while the bucket does not answer, and says which part is down', async () => {
    expect((await get('/readyz')).json()).toEqual({ ok: true, database: 'up', storage: 'up', queue: 'up' });
    await peer.stop();
    const res = await get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, database: 'up', storage: 'down', queue: 'up' });
    // Still alive: the process and its database answer.
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});
