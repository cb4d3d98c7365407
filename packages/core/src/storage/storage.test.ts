import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { StrictS3Peer } from './testing/strict-s3-peer.ts';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const dir = mkdtempSync(join(tmpdir(), 'reelsmith-storage-'));
let s3rver: S3rver;
let s3Port = 0;

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await s3rver.run();
  s3Port = port;
});
afterAll(async () => {
  await s3rver.close();
});

const kinds: [string, () => MediaStorage][] = [
  ['local disk', () => new LocalDiskStorage(join(dir, 'local'))],
  [
    'S3-compatible',
    () => new S3Storage({ bucket: 'media', region: 'us-east-1', endpoint: `http://127.0.0.1:${s3Port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'reelsmith' }),
  ],
];

describe.each(kinds)('media storage on %s', (_name, make) => {
  it('stores files and buffers byte for byte, with their type and size', async () => {
    const storage = make();
    const bytes = randomBytes(300_000);
    const file = join(dir, 'in.bin');
    await writeFile(file, bytes);
    await storage.put('projects/p1/video/a.mp4', { file }, 'video/mp4');
    await storage.put('projects/p1/voice/b.m4a', { buffer: Buffer.from('audio') }, 'audio/mp4');
    expect(await storage.stat('projects/p1/video/a.mp4')).toEqual({ size: 300_000, contentType: 'video/mp4' });
    expect(await collect(await storage.read('projects/p1/video/a.mp4'))).toEqual(bytes);
    const out = join(dir, `out-${_name}.bin`);
    await storage.download('projects/p1/video/a.mp4', out);
    expect(await readFile(out)).toEqual(bytes);
  });

  it('reads byte ranges (seeking)', async () => {
    const storage = make();
    await storage.put('projects/p2/x.bin', { buffer: Buffer.from('0123456789') }, 'application/octet-stream');
    expect((await collect(await storage.read('projects/p2/x.bin', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('answers null for a missing object and refuses unsafe keys', async () => {
    const storage = make();
    expect(await storage.stat('projects/none/x.mp4')).toBeNull();
    await expect(storage.put('../escape.txt', { buffer: Buffer.from('x') }, 'text/plain')).rejects.toThrow(/unsafe/);
  });

  it('deletes a project folder', async () => {
    const storage = make();
    await storage.put('projects/p3/a.png', { buffer: Buffer.from('a') }, 'image/png');
    await storage.put('projects/p3/sub/b.png', { buffer: Buffer.from('b') }, 'image/png');
    await storage.put('projects/p33/c.png', { buffer: Buffer.from('c') }, 'image/png');
    await storage.deletePrefix('projects/p3');
    expect(await storage.stat('projects/p3/a.png')).toBeNull();
    expect(await storage.stat('projects/p3/sub/b.png')).toBeNull();
    expect(await storage.stat('projects/p33/c.png')).not.toBeNull();
  });
});

describe('S3 readiness', () => {
  const storage = (bucket: string, endpoint = `http://127.0.0.1:${s3Port}`) =>
    new S3Storage({ bucket, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', maxSockets: 10 });

  it('is ready when the bucket answers, even though the probe key was never written', async () => {
    await expect(storage('media').ready()).resolves.toBeUndefined();
    // A HEAD alone would have called a missing bucket ready too: the probe tells them apart.
    expect(await storage('no-such-bucket').stat('readyz/probe')).toBeNull();
  });

  it('is not ready when the bucket does not exist or the store does not answer', async () => {
    await expect(storage('no-such-bucket').ready()).rejects.toThrow(/bucket/i);
    await expect(storage('media', 'http://127.0.0.1:9').ready()).rejects.toThrow();
  });
});

describe('presigned reads from S3-compatible storage', () => {
  const credentials = { accessKeyId: 'AKIDPRESIGN', secretAccessKey: 'presign-secret' };
  let clock = new Date();
  const peer = new StrictS3Peer({ credentials, now: () => clock });
  beforeAll(async () => {
    await peer.start();
  });
  afterAll(async () => {
    await peer.stop();
  });
  const presigned = (presignSeconds?: number, secretAccessKey = credentials.secretAccessKey) =>
    new S3Storage({ bucket: 'media', region: 'eu-west-1', endpoint: peer.url, accessKeyId: credentials.accessKeyId, secretAccessKey, prefix: 'reelsmith', presignSeconds });

  it('hands out a signed URL the store serves, with ranges, inline or as a named attachment', async () => {
    clock = new Date();
    const storage = presigned(900);
    const bytes = randomBytes(200_000);
    await storage.put('projects/p9/final/f.mp4', { buffer: bytes }, 'video/mp4');
    const url = await storage.directReadUrl('projects/p9/final/f.mp4', { publicCache: true });
    expect(url?.startsWith(`${peer.url}/media/reelsmith/projects/p9/final/f.mp4?`)).toBe(true);
    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=900');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(url!, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const download = await fetch((await storage.directReadUrl('projects/p9/final/f.mp4', { publicCache: false, contentDisposition: 'attachment; filename="f.mp4"' }))!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="f.mp4"');
    expect(download.headers.get('cache-control')).toBe('private, max-age=900');
  });

  it('gives one viewer the same URL within its signing window (the browser cache works), valid at least the asked lifetime', async () => {
    const storage = presigned(900);
    const first = await storage.directReadUrl('projects/p9/final/f.mp4', { publicCache: true });
    expect(await storage.directReadUrl('projects/p9/final/f.mp4', { publicCache: true })).toBe(first);
    clock = new Date(Date.now() + 899_000);
    expect((await fetch(first!)).status).toBe(200);
    clock = new Date(Date.now() + 1201_000);
    const expired = await fetch(first!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    clock = new Date();
  });

  it('is refused when tampered with or signed with another secret, and signs nothing when presigned delivery is off', async () => {
    const url = new URL((await presigned(900).directReadUrl('projects/p9/final/f.mp4', { publicCache: true }))!);
    url.pathname = url.pathname.replace('f.mp4', 'g.mp4');
    expect((await fetch(url)).status).toBe(403);
    const forged = await presigned(900, 'not-the-secret').directReadUrl('projects/p9/final/f.mp4', { publicCache: true });
    expect((await fetch(forged!)).status).toBe(403);
    expect(await presigned(undefined).directReadUrl('projects/p9/final/f.mp4', { publicCache: true })).toBeNull();
  });
});
