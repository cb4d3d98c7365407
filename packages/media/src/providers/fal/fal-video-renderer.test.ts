import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderCost } from '../cost.ts';
import { FAL_OUT_OF_CREDIT, FakeFal } from '../fakes/fake-fal.ts';
import type { ProviderError } from '../provider-error.ts';
import { providerErrorMessage } from '../provider-messages.ts';
import { DEFAULT_DOWNLOAD_LIMITS, FAL_DEFAULT_PRICES, FAL_DEFAULT_VIDEO_MODEL, type DownloadLimits, type FalConfig } from '../provider-config.ts';
import { TestCallbackWaiter } from '../test-callback-waiter.ts';
import { TEST_POLICY } from '../test-policy.ts';
import { makeInputs } from '../test-media.ts';
import { FalVideoRenderer } from './fal-video-renderer.ts';
import { FalWebhookVerifier } from './fal-webhook.ts';

const fake = new FakeFal('fal-test');
let config: FalConfig;
let dir: string;
let inputs: Awaited<ReturnType<typeof makeInputs>>;
let limits: DownloadLimits;

beforeAll(async () => {
  const base = await fake.start();
  // The fake serves the clip on loopback: allow-listed by host and port, the guard stays on.
  limits = { ...DEFAULT_DOWNLOAD_LIMITS, outbound: { allowHosts: [new URL(base).host] } };
  config = { apiKey: 'fal-test', baseUrl: base, storageUrl: base, policy: TEST_POLICY, videoModel: FAL_DEFAULT_VIDEO_MODEL, prices: { ...FAL_DEFAULT_PRICES }, pollIntervalMs: 10 };
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-fal-test-'));
  inputs = await makeInputs(dir);
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.reset();
});

const request = (outFile: string) => ({ imageFile: inputs.avatar, mouthOpenFile: null, audioFile: inputs.audio, aspect: '9:16' as const, quality: 'standard' as const, watermark: false, outFile });

describe('fal OmniHuman renderer (queue API)', () => {
  it('submits image_url and audio_url, polls the status until COMPLETED and fetches the result', async () => {
    const costs: ProviderCost[] = [];
    const renderer = new FalVideoRenderer(config, limits);
    expect(renderer.maxAudioSeconds).toBe(30);
    const result = await renderer.render({ ...request(join(dir, 'a.mp4')), onCost: (c) => void costs.push(c) });
    expect(result).toMatchObject({ width: 360, height: 640 });
    const [submit] = fake.server.requestsTo(/omnihuman$/);
    expect(submit!.path).toBe('/fal-ai/bytedance/omnihuman');
    expect(submit!.headers.authorization).toBe('Key fal-test');
    expect(Object.keys(submit!.json as object).sort()).toEqual(['audio_url', 'image_url']);
    // Inputs go by URL on fal's CDN (as fal documents), the voice as MP3.
    const sent = submit!.json as { image_url: string; audio_url: string };
    expect(sent.image_url).toMatch(/\/media\/m\d+$/);
    expect(fake.media.get(sent.audio_url.split('/').pop()!)!.type).toBe('audio/mpeg');
    expect(fake.uploads).toBe(2);
    expect(fake.server.requestsTo(/^\/fal-ai\/bytedance\/requests\/[^/]+\/status$/)).toHaveLength(3);
    expect(costs[0]).toMatchObject({ provider: 'fal', model: 'fal-ai/bytedance/omnihuman', unit: 'seconds', amountUsd: fake.charges[0]!.usd, priceSource: 'default' });
    expect(fake.submits).toBe(1);
  });

  it('retries a 429 on submit, then succeeds', async () => {
    fake.server.misbehave(/omnihuman$/, { status: 429, headers: { 'retry-after': '0' }, json: { detail: 'rate limited' } });
    await new FalVideoRenderer(config, limits).render(request(join(dir, 'b.mp4')));
    expect(fake.server.requestsTo(/omnihuman$/)).toHaveLength(2);
  });

  it('maps repeated 500s, a hang, a result without a video and an oversized video', async () => {
    const renderer = new FalVideoRenderer(config, limits);
    fake.server.misbehave(/omnihuman$/, { status: 500, json: {} }, { status: 500, json: {} }, { status: 500, json: {} });
    await expect(renderer.render(request(join(dir, 'c.mp4')))).rejects.toMatchObject({ kind: 'unavailable' });
    // A 500 may hide a taken submission: never sent again.
    expect(fake.server.requestsTo(/omnihuman$/)).toHaveLength(1);
    fake.server.behave();
    fake.server.misbehave(/\/status$/, { hang: true });
    // A deadline the uploads and the submit meet even on a busy machine (at 300 ms it once ended before the submit, so nothing was there to cancel).
    await expect(new FalVideoRenderer({ ...config, policy: { ...TEST_POLICY, timeoutMs: 3_000 } }, limits).render(request(join(dir, 'd.mp4')))).rejects.toMatchObject({ kind: 'timeout' });
    // The request we stopped waiting for is cancelled.
    expect(fake.server.requestsTo(/\/cancel$/).map((r) => r.method)).toEqual(['PUT']);
    fake.server.misbehave(/\/requests\/[^/]+$/, { json: { video: { url: 'nope' } } });
    await expect(renderer.render(request(join(dir, 'e.mp4')))).rejects.toMatchObject({ kind: 'bad_output' });
    await expect(new FalVideoRenderer(config, { ...limits, maxVideoBytes: 1000 }).render(request(join(dir, 'f.mp4')))).rejects.toMatchObject({
      kind: 'bad_output',
      message: expect.stringContaining('limit'),
    });
  });

  it('refuses a result URL on loopback that is not allow-listed, or on the metadata address', async () => {
    await expect(new FalVideoRenderer(config, DEFAULT_DOWNLOAD_LIMITS).render(request(join(dir, 'g.mp4')))).rejects.toMatchObject({
      kind: 'bad_output',
      message: expect.stringContaining('output URL refused (loopback)'),
    });
    expect(fake.server.requestsTo(/^\/files\//)).toHaveLength(0);
    fake.server.misbehave(/\/requests\/[^/]+$/, { json: { video: { url: 'http://169.254.169.254/latest/meta-data/iam' } } });
    await expect(new FalVideoRenderer(config, limits).render(request(join(dir, 'h.mp4')))).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('(link-local)') });
  });
});

describe('fal: one submission, one charge, every charge recorded', () => {
  it('submits once under transient 429/5xx on submit, status, result and download, and records what was charged', async () => {
    const costs: ProviderCost[] = [];
    fake.server.misbehave(/omnihuman$/, { status: 429, headers: { 'retry-after': '0' }, json: { detail: 'rate limited' } });
    fake.server.misbehave(/\/status$/, { status: 502, json: {} });
    fake.server.misbehave(/\/requests\/[^/]+$/, { status: 503, json: {} });
    fake.server.misbehave(/^\/files\//, { status: 500, body: 'oops' });
    await new FalVideoRenderer(config, limits).render({ ...request(join(dir, 'faults.mp4')), onCost: (c) => void costs.push(c) });
    expect(fake.submits).toBe(1);
    expect(fake.cancels).toBe(0);
    expect(fake.charges).toHaveLength(1);
    expect(costs.map((c) => c.amountUsd)).toEqual([fake.charges[0]!.usd]);
  });

  it('does not retry a failed run: its reason as rejected, nothing charged or recorded', async () => {
    const costs: ProviderCost[] = [];
    fake.failNext.push('No face detected in the image');
    const err = await new FalVideoRenderer(config, limits).render({ ...request(join(dir, 'noface.mp4')), onCost: (c) => void costs.push(c) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'rejected', message: expect.stringContaining('No face detected') });
    expect(fake.submits).toBe(1);
    expect(fake.charges).toHaveLength(0);
    expect(costs).toHaveLength(0);
  });

  it('records the charge of a completed run whose output was refused', async () => {
    const costs: ProviderCost[] = [];
    await expect(new FalVideoRenderer(config, { ...limits, maxVideoBytes: 1000 }).render({ ...request(join(dir, 'big.mp4')), onCost: (c) => void costs.push(c) })).rejects.toMatchObject({ kind: 'bad_output' });
    expect(fake.charges).toHaveLength(1);
    expect(costs).toHaveLength(1);
  });

  it("reads 403 'Exhausted balance' as out of credit, not a wrong key, without retrying", async () => {
    fake.server.misbehave(/omnihuman$/, FAL_OUT_OF_CREDIT, FAL_OUT_OF_CREDIT);
    const err = await new FalVideoRenderer(config, limits).render(request(join(dir, 'broke.mp4'))).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'insufficient_credits' });
    expect(fake.server.requestsTo(/omnihuman$/)).toHaveLength(1);
    expect(providerErrorMessage('video', (err as ProviderError).kind)).toMatch(/insufficient credits/);
  });

  describe('prices keyed by the configured model id', () => {
    const v15 = 'fal-ai/bytedance/omnihuman/v1.5';

    it('records a non-default model at its own list price, not the default model\'s', async () => {
      fake.usdPerSecond = 0.16;
      const costs: ProviderCost[] = [];
      await new FalVideoRenderer({ ...config, videoModel: v15 }, limits).render({ ...request(join(dir, 'v15.mp4')), onCost: (c) => void costs.push(c) });
      expect(fake.server.requestsTo(/omnihuman\/v1\.5$/)).toHaveLength(1);
      expect(costs).toEqual([{ provider: 'fal', model: v15, unit: 'seconds', quantity: fake.charges[0]!.seconds, amountUsd: fake.charges[0]!.usd, priceSource: 'default' }]);
      expect(costs[0]!.amountUsd).toBeCloseTo(fake.charges[0]!.seconds * 0.16, 6);
      fake.usdPerSecond = 0.14;
    });

    it('records an override (FAL_PRICES) with its source', async () => {
      const costs: ProviderCost[] = [];
      const overridden = { ...config, prices: { ...config.prices, [FAL_DEFAULT_VIDEO_MODEL]: { usdPerSecond: 0.2, source: 'env:FAL_PRICES' as const } } };
      await new FalVideoRenderer(overridden, limits).render({ ...request(join(dir, 'over.mp4')), onCost: (c) => void costs.push(c) });
      expect(costs[0]).toMatchObject({ model: FAL_DEFAULT_VIDEO_MODEL, priceSource: 'env:FAL_PRICES' });
      expect(costs[0]!.amountUsd).toBeCloseTo(costs[0]!.quantity * 0.2, 6);
    });

    it('refuses a model without a price before any call', () => {
      expect(() => new FalVideoRenderer({ ...config, videoModel: 'fal-ai/someone/unpriced' }, limits)).toThrow(/No price is known for the fal model 'fal-ai\/someone\/unpriced'.*FAL_PRICES=/);
      expect(fake.server.requests).toHaveLength(0);
      expect(fake.submits).toBe(0);
    });
  });
});

describe('fal OmniHuman renderer with webhooks', () => {
  const webhookUrl = 'https://reels.example/api/providers/fal/webhook';
  const statuses = () => fake.server.requestsTo(/\/requests\/[^/]+\/status$/);
  const hooked = (pollIntervalMs: number) => ({ ...config, webhook: { url: webhookUrl, pollIntervalMs, jwksUrl: `${config.baseUrl}/.well-known/jwks.json` } });

  it('submits with fal_webhook, wakes on the signed callback and reads the status and result once', async () => {
    const waiter = new TestCallbackWaiter();
    // The receiving end as the server runs it: fal's public keys from the JWKS URL, the signature checked.
    const verifier = new FalWebhookVerifier(hooked(0).webhook.jwksUrl);
    fake.finishAfterMs = 300;
    fake.webhooks.deliver = async (post) => {
      if (!(await verifier.verify(post.headers, Buffer.from(post.body))).ok) return 401;
      waiter.arrive('fal', (JSON.parse(post.body) as { request_id: string }).request_id);
      return 200;
    };
    const costs: ProviderCost[] = [];
    await new FalVideoRenderer(hooked(30_000), limits, waiter).render({ ...request(join(dir, 'hooked.mp4')), onCost: (c) => void costs.push(c) });
    const [submit] = fake.server.requestsTo(/omnihuman$/);
    expect(submit!.query.get('fal_webhook')).toBe(webhookUrl);
    const id = fake.charges[0]!.requestId;
    expect(waiter.expected).toEqual([`fal:${id}`]);
    expect(fake.webhooks.sent.map((w) => [w.url, w.status])).toEqual([[webhookUrl, 200]]);
    expect(JSON.parse(fake.webhooks.sent[0]!.body)).toMatchObject({ request_id: id, status: 'OK', payload: { video: { content_type: 'video/mp4' } } });
    expect(statuses()).toHaveLength(1);
    expect(fake.submits).toBe(1);
    expect(costs).toHaveLength(1);
  });

  it('with the callback lost, the slow poll still completes the clip', async () => {
    fake.finishAfterMs = 100;
    fake.webhooks.drop = true;
    await new FalVideoRenderer(hooked(400), limits, new TestCallbackWaiter()).render(request(join(dir, 'lost.mp4')));
    expect(fake.webhooks.sent.map((w) => w.status)).toEqual([0]);
    expect(statuses().length).toBeGreaterThanOrEqual(1);
    expect(fake.submits).toBe(1);
    expect(fake.charges).toHaveLength(1);
  });

  it('asks for no webhook without a waiter or without the setting', async () => {
    await new FalVideoRenderer(hooked(30_000), limits).render(request(join(dir, 'nowaiter.mp4')));
    await new FalVideoRenderer(config, limits, new TestCallbackWaiter()).render(request(join(dir, 'nosetting.mp4')));
    for (const submit of fake.server.requestsTo(/omnihuman$/)) expect(submit.query.has('fal_webhook')).toBe(false);
  });
});
