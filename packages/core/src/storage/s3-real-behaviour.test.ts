import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, StorageDeleteError } from './s3-storage.ts';
import { StrictS3Peer } from './testing/strict-s3-peer.ts';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

// S3 as AWS and the common S3-compatible stores behave, where s3rver is lenient: the real SDK against a
// peer that answers 403 for missing keys, reports per-key delete errors and requires Content-MD5.
describe('S3 storage against a strict S3 peer', () => {
  const peer = new StrictS3Peer({ missingHeadStatus: 403, requireContentMd5: true });
  let storage: S3Storage;
  beforeAll(async () => {
    await peer.start();
    storage = new S3Storage({ bucket: 'media', region: 'us-east-1', endpoint: peer.url, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', prefix: 'rs' });
  });
  afterAll(() => peer.stop());
  afterEach(() => {
    peer.objects.clear();
    peer.refuseDelete.clear();
    peer.requests.length = 0;
    peer.slowDownPuts = 0;
  });

  it('stores a file whole when the first upload is answered 503 SlowDown, sending it again from its start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-s3-retry-'));
    try {
      const file = join(dir, 'scene.mp4');
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await writeFile(file, bytes);
      peer.slowDownPuts = 1;
      await storage.put('projects/p1/video/scene.mp4', { file }, 'video/mp4');
      const puts = peer.requests.filter((r) => r.method === 'PUT');
      expect(puts).toHaveLength(2);
      expect(peer.objects.get('rs/projects/p1/video/scene.mp4')?.body.equals(bytes)).toBe(true);
      // A buffer, too; and a store that keeps refusing fails the upload rather than hanging.
      peer.slowDownPuts = 1;
      await storage.put('projects/p1/voice.m4a', { buffer: bytes.subarray(0, 1000) }, 'audio/mp4');
      expect(peer.objects.get('rs/projects/p1/voice.m4a')?.body.equals(bytes.subarray(0, 1000))).toBe(true);
      // Several uploads at once while the store throttles some of them: each arrives whole, under its own key.
      peer.slowDownPuts = 3;
      const many = Array.from({ length: 6 }, (_, i) => bytes.subarray(i * 1000, i * 1000 + 200_000 + i));
      await Promise.all(many.map((body, i) => storage.put(`projects/p1/scene-${i}.m4a`, { buffer: body }, 'audio/mp4')));
      many.forEach((body, i) => expect(peer.objects.get(`rs/projects/p1/scene-${i}.m4a`)?.body.equals(body), `scene ${i}`).toBe(true));
      peer.slowDownPuts = 100;
      await expect(storage.put('projects/p1/video/other.mp4', { file }, 'video/mp4')).rejects.toMatchObject({ name: 'SlowDown' });
      expect(peer.objects.has('rs/projects/p1/video/other.mp4')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a HEAD answered 403 (a policy without s3:ListBucket) as a missing object, so a first run goes ahead', async () => {
    expect(await storage.stat('projects/p1/voice.mp3')).toBeNull();
    expect(peer.requests.at(-1)).toMatchObject({ method: 'HEAD', path: '/media/rs/projects/p1/voice.mp3' });
    await storage.put('projects/p1/voice.mp3', { buffer: Buffer.from('mp3') }, 'audio/mpeg');
    expect(await storage.stat('projects/p1/voice.mp3')).toEqual({ size: 3, contentType: 'audio/mpeg' });
    expect(await text(await storage.read('projects/p1/voice.mp3', { start: 1, end: 2 }))).toBe('p3');
  });

  it('deletes a project folder with Content-MD5 on DeleteObjects, as stores that require it ask', async () => {
    await storage.put('projects/p2/a.png', { buffer: Buffer.from('a') }, 'image/png');
    await storage.put('projects/p2/b.png', { buffer: Buffer.from('b') }, 'image/png');
    await storage.put('projects/p22/c.png', { buffer: Buffer.from('c') }, 'image/png');
    expect(await storage.deletePrefix('projects/p2')).toBe(2);
    const deletes = peer.requests.filter((r) => r.method === 'POST' && r.query.has('delete'));
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect([...peer.objects.keys()]).toEqual(['rs/projects/p22/c.png']);
  });

  it('retries a key a DeleteObjects answer reports under Errors', async () => {
    await storage.put('projects/p3/a.png', { buffer: Buffer.from('a') }, 'image/png');
    await storage.put('projects/p3/b.png', { buffer: Buffer.from('b') }, 'image/png');
    peer.refuseDelete.set('rs/projects/p3/b.png', 1);
    expect(await storage.deletePrefix('projects/p3')).toBe(2);
    expect(peer.requests.filter((r) => r.method === 'POST' && r.query.has('delete'))).toHaveLength(2);
    expect(peer.objects.size).toBe(0);
  });

  it('says which keys remain when the store keeps refusing them, after deleting the rest', async () => {
    await storage.put('projects/p4/a.png', { buffer: Buffer.from('a') }, 'image/png');
    await storage.put('projects/p4/b.png', { buffer: Buffer.from('b') }, 'image/png');
    peer.refuseDelete.set('rs/projects/p4/b.png', 10);
    const failure = await storage.deletePrefix('projects/p4').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(StorageDeleteError);
    expect((failure as StorageDeleteError).remaining).toEqual([{ key: 'rs/projects/p4/b.png', code: 'AccessDenied' }]);
    expect([...peer.objects.keys()]).toEqual(['rs/projects/p4/b.png']);
  });
});

describe('S3 credentials', () => {
  const peer = new StrictS3Peer();
  const saved = { ...process.env };
  beforeAll(() => peer.start());
  afterAll(() => peer.stop());
  afterEach(() => {
    process.env = { ...saved };
    peer.requests.length = 0;
  });

  it("uses the SDK's default chain (here the environment, as roles provide) when no keys are configured", async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAROLEFROMENV';
    process.env.AWS_SECRET_ACCESS_KEY = 'role-secret';
    process.env.AWS_SESSION_TOKEN = 'role-session-token';
    const storage = new S3Storage({ bucket: 'media', region: 'eu-west-1', endpoint: peer.url });
    await storage.put('projects/p/a.txt', { buffer: Buffer.from('a') }, 'text/plain');
    const put = peer.requests.find((r) => r.method === 'PUT')!;
    expect(String(put.headers.authorization)).toContain('Credential=AKIAROLEFROMENV/');
    expect(put.headers['x-amz-security-token']).toBe('role-session-token');
  });

  it('signs with temporary static keys and their session token', async () => {
    const storage = new S3Storage({ bucket: 'media', region: 'eu-west-1', endpoint: peer.url, accessKeyId: 'ASIATEMP', secretAccessKey: 's', sessionToken: 'sts-token' });
    await storage.put('projects/p/b.txt', { buffer: Buffer.from('b') }, 'text/plain');
    const put = peer.requests.find((r) => r.method === 'PUT')!;
    expect(String(put.headers.authorization)).toContain('Credential=ASIATEMP/');
    expect(put.headers['x-amz-security-token']).toBe('sts-token');
  });
});
