import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probe } from '../../ffmpeg.ts';
import type { ProviderCost } from '../cost.ts';
import { FakeReplicate } from '../fakes/fake-replicate.ts';
import { DEFAULT_DOWNLOAD_LIMITS, REPLICATE_DEFAULTS, type DownloadLimits, type ReplicateConfig } from '../provider-config.ts';
import { TEST_POLICY } from '../test-policy.ts';
import { makeInputs } from '../test-media.ts';
import { ReplicateAvatarImager } from './replicate-avatar-imager.ts';
import { ReplicateProductCompositor } from './replicate-product-compositor.ts';
import { ReplicateVideoRenderer } from './replicate-video-renderer.ts';

const fake = new FakeReplicate('r8_test');
let config: ReplicateConfig;
let dir: string;
let inputs: Awaited<ReturnType<typeof makeInputs>>;
let limits: DownloadLimits;

beforeAll(async () => {
  const base = await fake.start();
  // The fake serves its outputs on loopback: allow-listed by host and port, the guard stays on.
  limits = { ...DEFAULT_DOWNLOAD_LIMITS, outbound: { allowHosts: [new URL(base).host] } };
  config = { apiKey: 'r8_test', baseUrl: base, policy: TEST_POLICY, models: { ...REPLICATE_DEFAULTS.models }, prices: { ...REPLICATE_DEFAULTS.prices }, pollIntervalMs: 10, preferWaitSeconds: 5 };
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-replicate-test-'));
  inputs = await makeInputs(dir);
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.server.requests.length = 0;
  fake.processingPolls = 1;
});

const sharpPng = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();

const creates = () => fake.server.requestsTo(/\/predictions$/);

describe('Replicate avatar imager', () => {
  it('runs google/imagen-4-ultra four times with prompt and aspect_ratio, polls, and downloads checked PNGs', async () => {
    const costs: ProviderCost[] = [];
    const images = await new ReplicateAvatarImager(config, limits).generate({
      description: 'A cheerful chef', aspect: '9:16', model: 'google-imagen-4-ultra', count: 4, outDir: join(dir, 'a'), onCost: (c) => void costs.push(c),
    });
    expect(images).toHaveLength(4);
    expect(images[0]).toMatchObject({ width: 288, height: 512, model: 'google/imagen-4-ultra', mouthOpenFile: null });
    const [create] = creates();
    expect(create!.path).toBe('/v1/models/google/imagen-4-ultra/predictions');
    expect(create!.headers.authorization).toBe('Bearer r8_test');
    expect(create!.headers.prefer).toBe('wait=5');
    expect(create!.json).toMatchObject({ input: { aspect_ratio: '9:16' } });
    expect((create!.json as { input: { prompt: string } }).input.prompt).toContain('A cheerful chef');
    expect(fake.server.requestsTo(/^\/v1\/predictions\/pred-/).length).toBeGreaterThanOrEqual(8);
    expect(costs).toHaveLength(4);
    expect(costs[0]).toEqual({ provider: 'replicate', model: 'google/imagen-4-ultra', unit: 'images', quantity: 1, amountUsd: 0.06 });
  });

  it('uses black-forest-labs/flux-kontext-pro as the second model', async () => {
    const images = await new ReplicateAvatarImager(config, limits).generate({ description: 'A runner', aspect: '1:1', model: 'flux-kontext', count: 1, outDir: join(dir, 'b') });
    expect(images[0]).toMatchObject({ width: 384, height: 384, model: 'black-forest-labs/flux-kontext-pro' });
    expect(creates()[0]!.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
  });

  it('retries a 429 on create, then succeeds', async () => {
    fake.server.misbehave(/\/predictions$/, { status: 429, headers: { 'retry-after': '0' }, json: { detail: 'Request was throttled.' } });
    const images = await new ReplicateAvatarImager(config, limits).generate({ description: 'A runner', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'c') });
    expect(images).toHaveLength(1);
    expect(creates()).toHaveLength(2);
  });

  it('fails as unavailable after repeated 500s, and as insufficient credits on 402 without retrying', async () => {
    fake.server.misbehave(/\/predictions$/, { status: 500, json: {} }, { status: 500, json: {} }, { status: 500, json: {} });
    await expect(new ReplicateAvatarImager(config, limits).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'd') })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(creates()).toHaveLength(3);
    fake.server.misbehave(/\/predictions$/, { status: 402, json: { detail: 'You have insufficient credit to run this model.' } });
    await expect(new ReplicateAvatarImager(config, limits).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'd') })).rejects.toMatchObject({ kind: 'insufficient_credits' });
    expect(creates()).toHaveLength(4);
  });

  it('times out when the prediction never finishes, and cancels it', async () => {
    fake.processingPolls = Infinity;
    const slow = { ...config, policy: { ...TEST_POLICY, timeoutMs: 300 } };
    await expect(new ReplicateAvatarImager(slow, limits).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'e') })).rejects.toMatchObject({ kind: 'timeout' });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.server.requestsTo(/\/cancel$/)).toHaveLength(1);
  });

  it('refuses malformed output, a wrong content type and an oversized download', async () => {
    const run = (l = limits) => new ReplicateAvatarImager(config, l).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'f') });
    fake.nextOutput.push('not a url');
    await expect(run()).rejects.toMatchObject({ kind: 'bad_output' });
    fake.nextOutput.push(fake.serve(Buffer.from('<html>expired</html>'), 'text/html'));
    await expect(run()).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('content-type') });
    fake.nextOutput.push(fake.serve(Buffer.alloc(64 * 1024, 1), 'image/png'));
    await expect(run({ ...limits, maxImageBytes: 32 * 1024 })).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('limit') });
    fake.nextOutput.push(fake.serve(Buffer.alloc(4096, 7), 'image/png'));
    await expect(run()).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('refused') });
  });

  it('refuses output URLs on private, loopback or metadata addresses before fetching them', async () => {
    const run = (l: DownloadLimits) => new ReplicateAvatarImager(config, l).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'g') });
    const served = fake.serve(await sharpPng(), 'image/png');
    fake.nextOutput.push(served);
    // The same fake, but not allow-listed: its loopback output is refused and never requested.
    await expect(run(DEFAULT_DOWNLOAD_LIMITS)).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('output URL refused (loopback)') });
    expect(fake.server.requestsTo(/^\/delivery\//)).toHaveLength(0);
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/x.png', 'http://10.0.0.7/x.png', 'http://0x7f.1/x.png']) {
      fake.nextOutput.push(url);
      await expect(run(limits)).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('output URL refused') });
    }
  });
});

describe('Replicate product compositor', () => {
  it('uploads avatar and product and sends them as input_image_1 and input_image_2, four layouts', async () => {
    const results = await new ReplicateProductCompositor(config, limits).compose({
      avatarFile: inputs.avatar, avatarMouthOpenFile: null, productFile: inputs.product, interaction: 'Smiling at the bottle.', aspect: '9:16', count: 4, outDir: join(dir, 'p'),
    });
    expect(results.map((r) => r.layout)).toEqual(['held-in-hand', 'beside', 'raised', 'on-counter']);
    expect(fake.server.requestsTo(/^\/v1\/files$/)).toHaveLength(2);
    const create = creates()[0]!.json as { input: Record<string, string> };
    expect(creates()[0]!.path).toBe('/v1/models/flux-kontext-apps/multi-image-kontext-pro/predictions');
    expect(create.input.input_image_1).toMatch(/\/delivery\/file-/);
    expect(create.input.input_image_2).toMatch(/\/delivery\/file-/);
    expect(create.input.prompt).toContain('Smiling at the bottle.');
  });
});

describe('Replicate omni-human renderer', () => {
  it('sends image and audio, downloads the clip and fits it to the quality with the watermark and our audio', async () => {
    const costs: ProviderCost[] = [];
    const renderer = new ReplicateVideoRenderer(config, limits);
    expect(renderer.maxAudioSeconds).toBe(15);
    const out = join(dir, 'scene.mp4');
    const result = await renderer.render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: true, outFile: out, onCost: (c) => void costs.push(c) });
    expect(result).toMatchObject({ width: 360, height: 640 });
    expect(result.durationSeconds).toBeGreaterThan(1.8);
    expect(result.durationSeconds).toBeLessThan(2.3);
    const info = await probe(out);
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    const create = creates()[0]!;
    expect(create.path).toBe('/v1/models/bytedance/omni-human/predictions');
    expect(Object.keys((create.json as { input: object }).input).sort()).toEqual(['audio', 'image']);
    expect(costs[0]).toMatchObject({ provider: 'replicate', model: 'bytedance/omni-human', unit: 'seconds' });
    expect(costs[0]!.amountUsd).toBeGreaterThan(0.2);
  });

  it('refuses a scene longer than the model accepts before paying for it', async () => {
    await expect(
      new ReplicateVideoRenderer(config, limits).render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.longAudio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'long.mp4') }),
    ).rejects.toMatchObject({ kind: 'rejected' });
    expect(fake.server.requests).toHaveLength(0);
  });

  it('refuses a playlist served as video/mp4 before ffmpeg could follow it', async () => {
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${fake.server.baseUrl}/ffmpeg-followed.ts\n#EXT-X-ENDLIST\n`;
    fake.nextOutput.push(fake.serve(Buffer.from(playlist), 'video/mp4'));
    await expect(
      new ReplicateVideoRenderer(config, limits).render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'hls.mp4') }),
    ).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('not an MP4 or WebM') });
    expect(fake.server.requestsTo(/ffmpeg-followed/)).toHaveLength(0);
  });

  it('refuses an oversized video download', async () => {
    fake.nextOutput.push(fake.serve(Buffer.alloc(300 * 1024, 0), 'video/mp4'));
    await expect(
      new ReplicateVideoRenderer(config, { ...limits, maxVideoBytes: 200 * 1024 }).render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'big.mp4') }),
    ).rejects.toMatchObject({ kind: 'bad_output' });
  });
});
