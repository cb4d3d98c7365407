import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probe } from '../../ffmpeg.ts';
import type { ProviderCost } from '../cost.ts';
import { FakeReplicate, REPLICATE_OUT_OF_CREDIT } from '../fakes/fake-replicate.ts';
import type { ProviderError } from '../provider-error.ts';
import { providerErrorMessage } from '../provider-messages.ts';
import { DEFAULT_DOWNLOAD_LIMITS, REPLICATE_DEFAULTS, type DownloadLimits, type ReplicateConfig } from '../provider-config.ts';
import { TestCallbackWaiter } from '../test-callback-waiter.ts';
import { TEST_POLICY } from '../test-policy.ts';
import { makeInputs } from '../test-media.ts';
import { ReplicateAvatarImager } from './replicate-avatar-imager.ts';
import { ReplicateProductCompositor } from './replicate-product-compositor.ts';
import { ReplicateVideoRenderer } from './replicate-video-renderer.ts';
import { ReplicateWebhookVerifier } from './replicate-webhook.ts';

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
  fake.reset();
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
    // The prediction's own deadline, so it stops even if we never learn its id.
    expect(create!.headers['cancel-after']).toBe('20s');
    expect(create!.json).toMatchObject({ input: { aspect_ratio: '9:16' } });
    expect((create!.json as { input: { prompt: string } }).input.prompt).toContain('A cheerful chef');
    expect(fake.server.requestsTo(/^\/v1\/predictions\/pred-/).length).toBeGreaterThanOrEqual(8);
    expect(costs).toHaveLength(4);
    expect(costs[0]).toEqual({ provider: 'replicate', model: 'google/imagen-4-ultra', unit: 'images', quantity: 1, amountUsd: 0.06, priceSource: 'default' });
    expect(fake.creates).toBe(4);
    expect(fake.charges).toHaveLength(4);
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

  it('never repeats a create that may have been taken (500), and reads 402 as out of credit without retrying', async () => {
    const run = () => new ReplicateAvatarImager(config, limits).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'd') });
    fake.server.misbehave(/\/predictions$/, { status: 500, json: {} }, { status: 500, json: {} }, { status: 500, json: {} });
    await expect(run()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(creates()).toHaveLength(1);
    fake.server.behave();
    fake.server.misbehave(/\/predictions$/, REPLICATE_OUT_OF_CREDIT, REPLICATE_OUT_OF_CREDIT);
    const err = await run().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'insufficient_credits' });
    expect(creates()).toHaveLength(2);
    expect(providerErrorMessage('image', (err as ProviderError).kind)).toBe('Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.');
  });

  it('times out when the prediction never finishes, cancels it, and records nothing unbilled', async () => {
    fake.processingPolls = Infinity;
    const costs: ProviderCost[] = [];
    // A deadline the create meets even on a busy machine: the prediction must exist to be cancelled.
    const slow = { ...config, policy: { ...TEST_POLICY, timeoutMs: 3_000 } };
    await expect(
      new ReplicateAvatarImager(slow, limits).generate({ description: 'x', aspect: '9:16', model: 'flux-kontext', count: 1, outDir: join(dir, 'e'), onCost: (c) => void costs.push(c) }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(fake.server.requestsTo(/\/cancel$/)).toHaveLength(1);
    expect(fake.cancels).toBe(1);
    expect(fake.charges).toHaveLength(0);
    expect(costs).toHaveLength(0);
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
    // omni-human documents MP3/WAV: the AAC voice goes up as MP3.
    const audioId = /\/delivery\/([\w.-]+)$/.exec((create.json as { input: { audio: string } }).input.audio)![1]!;
    expect(fake.files.get(audioId)!.type).toBe('audio/mpeg');
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

describe('Replicate: one create, one charge, every charge recorded', () => {
  const avatar = (onCost: (c: ProviderCost) => void, c: ReplicateConfig = config) =>
    new ReplicateAvatarImager(c, limits).generate({ description: 'A baker', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: join(dir, 'once'), onCost });

  it('creates once under transient 429/5xx on every call of the video flow, and records what was charged', async () => {
    const costs: ProviderCost[] = [];
    fake.server.misbehave(/^\/v1\/files$/, { status: 502, json: {} });
    fake.server.misbehave(/omni-human\/predictions$/, { status: 429, headers: { 'retry-after': '0' }, json: { detail: 'Request was throttled.' } });
    fake.server.misbehave(/^\/v1\/predictions\/pred-/, { status: 503, json: {} });
    fake.server.misbehave(/^\/delivery\/out-/, { status: 500, body: 'oops' });
    await new ReplicateVideoRenderer(config, limits).render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'faults.mp4'), onCost: (c) => void costs.push(c) });
    expect(fake.creates).toBe(1);
    expect(fake.uploads).toBe(2);
    expect(fake.cancels).toBe(0);
    expect(fake.charges).toHaveLength(1);
    expect(costs).toHaveLength(1);
    expect(costs[0]).toMatchObject({ provider: 'replicate', model: 'bytedance/omni-human', unit: 'seconds', quantity: fake.charges[0]!.quantity, amountUsd: fake.charges[0]!.usd });
  });

  it('product pictures: one create per layout under transient faults on uploads, creates, polls and downloads', async () => {
    const costs: ProviderCost[] = [];
    fake.server.misbehave(/^\/v1\/files$/, { status: 500, json: {} }, { status: 429, headers: { 'retry-after': '0' }, json: {} });
    fake.server.misbehave(/multi-image-kontext-pro\/predictions$/, { status: 429, headers: { 'retry-after': '0' }, json: {} });
    fake.server.misbehave(/^\/v1\/predictions\/pred-/, { status: 502, json: {} }, { status: 503, json: {} });
    fake.server.misbehave(/^\/delivery\/out-/, { status: 500, body: 'oops' });
    const results = await new ReplicateProductCompositor(config, limits).compose({
      avatarFile: inputs.avatar, avatarMouthOpenFile: null, productFile: inputs.product, interaction: 'Holding it.', aspect: '9:16', count: 4, outDir: join(dir, 'pf'), onCost: (c) => void costs.push(c),
    });
    expect(results).toHaveLength(4);
    expect(fake.creates).toBe(4);
    expect(fake.uploads).toBe(2);
    expect(fake.charges).toHaveLength(4);
    expect(costs.reduce((n, c) => n + c.amountUsd, 0)).toBeCloseTo(fake.chargedUsd, 6);
  });

  it('takes the answer of the create call itself (Prefer: wait), as a URL or as a data URI', async () => {
    fake.processingPolls = 0;
    const costs: ProviderCost[] = [];
    await avatar((c) => void costs.push(c));
    expect(fake.server.requestsTo(/^\/v1\/predictions\/pred-/)).toHaveLength(0);
    fake.dataUriOutputs = true;
    const [image] = await avatar((c) => void costs.push(c));
    expect(image).toMatchObject({ width: 288, height: 512 });
    expect(fake.server.requestsTo(/^\/delivery\//)).toHaveLength(1);
    expect(fake.creates).toBe(2);
    expect(costs.map((c) => c.amountUsd)).toEqual([0.06, 0.06]);
  });

  it('does not retry a failed prediction: the provider reason, as rejected, nothing charged', async () => {
    const costs: ProviderCost[] = [];
    fake.failNext.push('No face detected in the image');
    const err = await new ReplicateVideoRenderer(config, limits)
      .render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'noface.mp4'), onCost: (c) => void costs.push(c) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'rejected', message: expect.stringContaining('No face detected') });
    expect((err as ProviderError).retryable).toBe(false);
    expect(providerErrorMessage('video', (err as ProviderError).kind)).toMatch(/rejected this scene/);
    expect(fake.creates).toBe(1);
    expect(fake.charges).toHaveLength(0);
    expect(costs).toHaveLength(0);
  });

  it('records the charge of a prediction whose output was refused', async () => {
    const costs: ProviderCost[] = [];
    fake.nextOutput.push(fake.serve(Buffer.from('<html>expired</html>'), 'text/html'));
    await expect(avatar((c) => void costs.push(c))).rejects.toMatchObject({ kind: 'bad_output' });
    expect(fake.charges).toHaveLength(1);
    expect(costs).toEqual([{ provider: 'replicate', model: 'google/imagen-4-ultra', unit: 'images', quantity: 1, amountUsd: 0.06, priceSource: 'default' }]);
  });

  it('cancels a prediction abandoned after its polls kept failing, and records it when the cancel came too late', async () => {
    const costs: ProviderCost[] = [];
    fake.finishBeforeCancel = true;
    fake.server.misbehave(/^\/v1\/predictions\/pred-[^/]+$/, ...Array.from({ length: 3 }, () => ({ status: 500, json: {} })));
    await expect(avatar((c) => void costs.push(c))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.creates).toBe(1);
    expect(fake.cancels).toBe(1);
    expect(fake.charges).toHaveLength(1);
    expect(costs).toHaveLength(1);
  });

  it('refuses a model without a price before any call, and keys prices by the configured model id', async () => {
    const custom = { ...config, models: { ...config.models, video: 'bytedance/omni-human-1.5' } };
    expect(() => new ReplicateVideoRenderer(custom, limits)).toThrow(/No price is known for the Replicate model 'bytedance\/omni-human-1.5'.*REPLICATE_PRICES/);
    expect(fake.server.requests).toHaveLength(0);
    // As providersFromEnv builds it from REPLICATE_PRICES.
    const priced = { ...custom, prices: { ...custom.prices, 'bytedance/omni-human-1.5': { unit: 'seconds' as const, usd: 0.16, source: 'env:REPLICATE_PRICES' as const } } };
    const costs: ProviderCost[] = [];
    await new ReplicateVideoRenderer(priced, limits).render({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16', quality: 'standard', watermark: false, outFile: join(dir, 'v15.mp4'), onCost: (c) => void costs.push(c) });
    expect(costs).toHaveLength(1);
    expect(costs[0]).toMatchObject({ model: 'bytedance/omni-human-1.5', priceSource: 'env:REPLICATE_PRICES', amountUsd: fake.charges[0]!.usd });
    expect(costs[0]!.amountUsd).toBeGreaterThan(0.3);
  });

  it('records a non-default model at its own list price, and an override over the list with its source', async () => {
    const costs: ProviderCost[] = [];
    await new ReplicateAvatarImager(config, limits).generate({ description: 'A smiling man', model: 'flux-kontext', aspect: '9:16', count: 1, outDir: dir, onCost: (c) => void costs.push(c) });
    expect(costs).toEqual([{ provider: 'replicate', model: 'black-forest-labs/flux-kontext-pro', unit: 'images', quantity: 1, amountUsd: 0.04, priceSource: 'default' }]);
    expect(costs[0]!.amountUsd).toBe(fake.charges[0]!.usd);
    const overridden = { ...config, prices: { ...config.prices, 'google/imagen-4-ultra': { unit: 'images' as const, usd: 0.05, source: 'env:REPLICATE_PRICES' as const } } };
    await new ReplicateAvatarImager(overridden, limits).generate({ description: 'A smiling man', model: 'google-imagen-4-ultra', aspect: '9:16', count: 1, outDir: dir, onCost: (c) => void costs.push(c) });
    expect(costs[1]).toMatchObject({ model: 'google/imagen-4-ultra', amountUsd: 0.05, priceSource: 'env:REPLICATE_PRICES' });
  });

  it('refuses an unpriced image or product model before any call', () => {
    for (const [key, Adapter] of [['flux-kontext', ReplicateAvatarImager], ['product', ReplicateProductCompositor]] as const) {
      const custom = { ...config, models: { ...config.models, [key]: 'someone/unpriced-model' } };
      expect(() => new Adapter(custom, limits)).toThrow(/No price is known for the Replicate model 'someone\/unpriced-model'.*REPLICATE_PRICES=/);
    }
    expect(fake.server.requests).toHaveLength(0);
    expect(fake.creates).toBe(0);
  });
});

describe('Replicate omni-human renderer with webhooks', () => {
  const webhookUrl = 'https://reels.example/api/providers/replicate/webhook';
  const scene = (name: string) => ({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16' as const, quality: 'standard' as const, watermark: false, outFile: join(dir, name) });
  const polls = () => fake.server.requestsTo(/^\/v1\/predictions\/pred-[^/]+$/);

  it('asks for a completed-only callback, wakes on the signed callback and reads the prediction once', async () => {
    const waiter = new TestCallbackWaiter();
    // The receiving end as the server runs it: the account's secret read from Replicate, the signature checked.
    const verifier = new ReplicateWebhookVerifier(config);
    fake.finishAfterMs = 300;
    fake.webhooks.deliver = async (post) => {
      if (!(await verifier.verify(post.headers, Buffer.from(post.body))).ok) return 401;
      waiter.arrive('replicate', (JSON.parse(post.body) as { id: string }).id);
      return 200;
    };
    const costs: ProviderCost[] = [];
    // A fallback poll of ten minutes: only the callback can end the render within the test's time.
    const hooked = { ...config, webhook: { url: webhookUrl, pollIntervalMs: 600_000 } };
    await new ReplicateVideoRenderer(hooked, limits, waiter).render({ ...scene('hooked.mp4'), onCost: (c) => void costs.push(c) });
    const create = creates()[0]!;
    expect(create.json).toMatchObject({ webhook: webhookUrl, webhook_events_filter: ['completed'] });
    const id = fake.charges[0]!.predictionId;
    expect(waiter.expected).toEqual([`replicate:${id}`]);
    expect(fake.webhooks.sent.map((w) => [w.url, w.status])).toEqual([[webhookUrl, 200]]);
    // No poll before the callback: the one read is the one it woke.
    expect(polls()).toHaveLength(1);
    expect(fake.creates).toBe(1);
    expect(costs).toHaveLength(1);
  });

  it('with the callback lost, the slow poll still completes the clip', async () => {
    fake.finishAfterMs = 100;
    fake.webhooks.drop = true;
    const waiter = new TestCallbackWaiter();
    await new ReplicateVideoRenderer({ ...config, webhook: { url: webhookUrl, pollIntervalMs: 400 } }, limits, waiter).render(scene('lost.mp4'));
    expect(fake.webhooks.sent.map((w) => w.status)).toEqual([0]);
    expect(polls().length).toBeGreaterThanOrEqual(1);
    expect(fake.creates).toBe(1);
    expect(fake.charges).toHaveLength(1);
  });

  it('asks for no webhook without a waiter or without the setting, and polls as before', async () => {
    await new ReplicateVideoRenderer({ ...config, webhook: { url: webhookUrl, pollIntervalMs: 30_000 } }, limits).render(scene('nowaiter.mp4'));
    await new ReplicateVideoRenderer(config, limits, new TestCallbackWaiter()).render(scene('nosetting.mp4'));
    for (const create of creates()) expect(Object.keys(create.json as object)).toEqual(['input']);
  });
});
