import { PROVIDER_CALLBACKS_CHANNEL } from '@reelsmith/db';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { ProviderCallbackEvents } from '@reelsmith/core';
import { silentLogger } from '@reelsmith/core/testing';
import { createProviderEngine, type ProvidersConfig } from '@reelsmith/media';
import { FakeFal, FakeReplicate, type WebhookPost } from '@reelsmith/media/fakes';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { providerWebhookVerifiers } from '../src/providers/provider-webhooks.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. Tap the link and glow with me.';

const publicUrl = 'https://reels.example';

// Replicate and fal call PUBLIC_URL back when a talking video is ready (PROVIDER_WEBHOOKS=on): the
// loopback fakes sign their callbacks as the real services do, with their own secret / key, and post
// them into the app (PUBLIC_URL does not resolve here). The render step sleeps on a fallback poll of
// 10 minutes here, so a render that finishes within the test's minute, with one read per prediction,
// was woken by the callback (a bound on time alone fails when the machine is busy).
describe.each(testDatabaseKinds())('provider webhooks on %s', (kind) => {
  describe.each(['replicate', 'fal'] as const)('%s', (provider) => {
    const replicate = new FakeReplicate('r8_test');
    const fal = new FakeFal('fal-test');
    let t: TestApp;
    let callbacks: ProviderCallbackEvents;
    let cookie: string;
    let projectId: string;

    const creates = () => (provider === 'replicate' ? replicate.server.requestsTo(/omni-human\/predictions$/) : fal.server.requestsTo(/omnihuman$/));
    const reads = () => (provider === 'replicate' ? replicate.server.requestsTo(/^\/v1\/predictions\/pred-[^/]+$/) : fal.server.requestsTo(/\/requests\/[^/]+\/status$/));
    const webhooks = () => (provider === 'replicate' ? replicate.webhooks : fal.webhooks);
    const charges = () => (provider === 'replicate' ? replicate.charges.length : fal.charges.length);
    const rows = () => t.db.db.selectFrom('provider_callbacks').select(['provider', 'external_id', 'completed_at', 'status']).orderBy('expected_at').execute();
    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    /** The app's own callback route, as the provider reaches it at PUBLIC_URL. */
    const deliver = async (post: WebhookPost) =>
      (await t.app.inject({ method: 'POST', url: new URL(post.url).pathname, headers: { 'content-type': 'application/json', ...post.headers }, payload: post.body })).statusCode;
    /** The engine the worker runs for these providers' settings; a new name so the step renders again instead of reusing its clips. */
    const useEngine = (providers: ProvidersConfig, name: string) => {
      t.app.core.engine = createProviderEngine(providers, { callbacks });
      t.app.core.engine.name += `#${name}`;
    };
    /** Both fakes back to their start, finishing a prediction after `finishAfterMs`, their callbacks posted into the app (unless dropped). */
    const resetFakes = (finishAfterMs?: number, callbacks: { drop?: boolean; overtake?: boolean } = {}) => {
      for (const fake of [replicate, fal]) {
        fake.reset();
        fake.webhooks.deliver = deliver;
        fake.finishAfterMs = finishAfterMs;
        Object.assign(fake.webhooks, callbacks);
      }
    };
    const renderVideos = () => api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });

    beforeAll(async () => {
      const [r, f] = await Promise.all([replicate.start(), fal.start()]);
      const env: Record<string, string> =
        provider === 'replicate'
          ? { VIDEO_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_BASE_URL: r, REPLICATE_POLL_INTERVAL_MS: '20', OUTBOUND_ALLOW_HOSTS: new URL(r).host }
          : { VIDEO_PROVIDER: 'fal', FAL_KEY: 'fal-test', FAL_BASE_URL: f, FAL_STORAGE_URL: f, FAL_POLL_INTERVAL_MS: '20', FAL_JWKS_URL: `${f}/.well-known/jwks.json`, OUTBOUND_ALLOW_HOSTS: new URL(f).host };
      t = await buildTestApp(kind, { ...env, PUBLIC_URL: publicUrl, PROVIDER_WEBHOOKS: 'on', PROVIDER_WEBHOOK_POLL_SECONDS: '600', PROVIDER_MAX_RETRIES: '1' });
      callbacks = await ProviderCallbackEvents.listen(t.db, silentLogger);
      useEngine(t.config.providers, 'webhooks');
      for (const fake of [replicate, fal]) fake.webhooks.deliver = deliver;
      cookie = await devSignIn(t.app, 'pro@example.com', 'Pat Pro');
      const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
      const userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', 'pro@example.com').executeTakeFirstOrThrow()).id;
      await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', userId).execute();
      await t.db.db.insertInto('subscriptions').values({ user_id: userId, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
      projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16' })).json().id;
      // Scenes, voice and avatar from the offline engine; only the talking videos go to the provider.
      expect((await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20 })).statusCode).toBe(200);
      const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
      expect((await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId: voices[0].id })).statusCode).toBe(200);
      const avatar = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A friendly woman in a bright bathroom', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
      expect(avatar.statusCode).toBe(200);
      expect((await api('PATCH', `/api/projects/${projectId}`, { selectedAvatar: avatar.json().project.assets.avatar.variations[0] })).statusCode).toBe(200);
    });
    afterAll(async () => {
      await callbacks?.close();
      await t?.close();
      await Promise.all([replicate.close(), fal.close()]);
    });

    it('renders each scene after its signed callback, with no poll in between', async () => {
      resetFakes(400);
      // The fallback poll is 10 minutes here, far past the test's minute: a render that ends was woken by the callbacks.
      const res = await renderVideos();
      expect(res.statusCode).toBe(200);
      const scenes = Object.keys(res.json().videos).length;
      expect(scenes).toBeGreaterThan(0);
      const asked = creates();
      expect(asked).toHaveLength(scenes);
      for (const create of asked) {
        if (provider === 'replicate') expect(create.json).toMatchObject({ webhook: `${publicUrl}/api/providers/replicate/webhook`, webhook_events_filter: ['completed'] });
        else expect(create.query.get('fal_webhook')).toBe(`${publicUrl}/api/providers/fal/webhook`);
      }
      expect(webhooks().sent.map((w) => w.status)).toEqual(Array.from({ length: scenes }, () => 200));
      // One read per prediction: the one its callback woke.
      expect(reads()).toHaveLength(scenes);
      expect(charges()).toBe(scenes);
      const recorded = await rows();
      expect(recorded).toHaveLength(scenes);
      expect(recorded.every((r) => r.provider === provider && r.completed_at !== null && r.status === (provider === 'replicate' ? 'succeeded' : 'OK'))).toBe(true);
    });

    it('refuses a forged or stale callback with 401 and changes nothing; a duplicate is acknowledged and changes nothing; one that comes before the step waits is kept for it', async () => {
      const path = `/api/providers/${provider}/webhook`;
      const externalId = provider === 'replicate' ? 'pred-waiting' : 'req-waiting';
      await callbacks.expect(provider, externalId);
      const body = JSON.stringify(provider === 'replicate' ? { id: externalId, status: 'succeeded', output: 'https://x.example/v.mp4' } : { request_id: externalId, gateway_request_id: externalId, status: 'OK', payload: {} });
      const now = Math.floor(Date.now() / 1000);
      const sign = (options: { timestamp?: number; forged?: boolean; id?: string } = {}) =>
        provider === 'replicate'
          ? replicate.signWebhook(options.id ? body.replaceAll(externalId, options.id) : body, { ...(options.timestamp ? { timestamp: options.timestamp } : {}), ...(options.forged ? { secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` } : {}) })
          : fal.signWebhook(options.id ? body.replaceAll(externalId, options.id) : body, options.id ?? externalId, { ...(options.timestamp ? { timestamp: options.timestamp } : {}), ...(options.forged ? { key: generateKeyPairSync('ed25519').privateKey } : {}) });
      const post = (headers: Record<string, string>, payload = body) => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload });
      // A waiting step must not wake for any of the refused ones.
      let woke = false;
      const waiting = callbacks.wait(provider, externalId, 60_000, AbortSignal.timeout(60_000)).then((arrived) => {
        woke = arrived;
      });
      const before = await rows();

      const forged = await post(sign({ forged: true }));
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ reason: 'unauthorized' });
      expect((await post(sign({ timestamp: now - 400 }))).statusCode).toBe(401);
      expect((await post(sign({ timestamp: now + 400 }))).statusCode).toBe(401);
      expect((await post(sign(), body.replace(externalId === 'pred-waiting' ? 'succeeded' : 'OK', 'failed'))).statusCode).toBe(401);
      expect((await post({})).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'text/plain', ...sign() }, payload: 'not json' })).statusCode).toBe(401);
      // Signed, but not the end of the prediction (Replicate may send `start` whatever the filter): acknowledged, nothing wakes.
      const running = provider === 'replicate' ? body.replace('succeeded', 'processing') : body.replace('"OK"', '"IN_PROGRESS"');
      const runningHeaders = provider === 'replicate' ? replicate.signWebhook(running) : fal.signWebhook(running, externalId);
      expect((await post(runningHeaders, running)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect(await rows()).toEqual(before);
      expect(woke).toBe(false);

      // The real one wakes the step and completes the row; the same again (a retry) changes nothing.
      expect((await post(sign())).statusCode).toBe(200);
      await waiting;
      expect(woke).toBe(true);
      const completed = (await rows()).find((r) => r.external_id === externalId)!;
      expect(completed.completed_at).not.toBeNull();
      expect((await post(sign())).statusCode).toBe(200);
      expect((await rows()).find((r) => r.external_id === externalId)).toEqual(completed);
      // Verified, for a prediction no step waits for yet (a fast provider calls back before the step has
      // read the create call's answer): kept as arrived, and the step that then expects it finds it at once.
      expect((await post(sign({ id: 'not-yet-expected' }), body.replaceAll(externalId, 'not-yet-expected'))).statusCode).toBe(200);
      expect((await rows()).find((r) => r.external_id === 'not-yet-expected')?.completed_at).not.toBeNull();
      await callbacks.expect(provider, 'not-yet-expected');
      const early = Date.now();
      expect(await callbacks.wait(provider, 'not-yet-expected', 20_000, AbortSignal.timeout(20_000))).toBe(true);
      expect(Date.now() - early).toBeLessThan(5_000);
      // Server to server: the cross-site guard does not stand in the way (as for Stripe's webhook), the signature does.
      const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
      expect((await post({ ...crossSite, ...sign() })).statusCode).toBe(200);
      expect((await post({ ...crossSite, ...sign({ forged: true }) })).statusCode).toBe(401);
      expect(PROVIDER_CALLBACKS_CHANNEL).toBe('provider_callbacks');
    });

    it('with the callbacks lost, the render still completes on the slow poll, each prediction created once', async () => {
      resetFakes(200, { drop: true });
      const slow: ProvidersConfig = structuredClone({ ...t.config.providers });
      if (slow.replicate?.webhook) slow.replicate.webhook.pollIntervalMs = 500;
      if (slow.fal?.webhook) slow.fal.webhook.pollIntervalMs = 500;
      useEngine(slow, 'lost');
      const res = await renderVideos();
      expect(res.statusCode).toBe(200);
      const scenes = Object.keys(res.json().videos).length;
      expect(webhooks().sent.map((w) => w.status)).toEqual(Array.from({ length: scenes }, () => 0));
      expect(creates()).toHaveLength(scenes);
      expect(reads().length).toBeGreaterThanOrEqual(scenes);
      expect(charges()).toBe(scenes);
    });

    it('with the setting off, nothing asks for a webhook or waits for one', async () => {
      resetFakes();
      const env = provider === 'replicate' ? { VIDEO_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_BASE_URL: replicate.server.baseUrl } : { VIDEO_PROVIDER: 'fal', FAL_KEY: 'fal-test', FAL_BASE_URL: fal.server.baseUrl };
      const off = loadConfig({ ...env, PUBLIC_URL: publicUrl, REPLICATE_POLL_INTERVAL_MS: '20', FAL_POLL_INTERVAL_MS: '20', FAL_STORAGE_URL: fal.server.baseUrl, OUTBOUND_ALLOW_HOSTS: new URL(provider === 'replicate' ? replicate.server.baseUrl : fal.server.baseUrl).host }).providers;
      expect(off.replicate?.webhook ?? off.fal?.webhook).toBeUndefined();
      useEngine(off, 'off');
      const before = (await rows()).length;
      const res = await renderVideos();
      expect(res.statusCode).toBe(200);
      for (const create of creates()) {
        if (provider === 'replicate') expect(Object.keys(create.json as object)).toEqual(['input']);
        else expect(create.query.has('fal_webhook')).toBe(false);
      }
      expect(webhooks().sent).toEqual([]);
      expect((await rows()).length).toBe(before);
    });

    it('a prediction that calls back before the step has recorded its wait still wakes the step at once', async () => {
      // Finished the moment it is created, and called back before the create call is answered.
      resetFakes(0, { overtake: true });
      useEngine(t.config.providers, 'early');
      // Not the fallback poll (10 minutes here, past the test's minute): each step found its callback
      // already arrived, and read the prediction once.
      const res = await renderVideos();
      expect(res.statusCode).toBe(200);
      const scenes = Object.keys(res.json().videos).length;
      expect(webhooks().sent.map((w) => w.status)).toEqual(Array.from({ length: scenes }, () => 200));
      expect(creates()).toHaveLength(scenes);
      expect(reads()).toHaveLength(scenes);
      expect(charges()).toBe(scenes);
    });
  });
});

describe('PROVIDER_WEBHOOKS', () => {
  const replicateEnv = { VIDEO_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_x' };

  it('is off by default, and asks the providers to call PUBLIC_URL back when on', () => {
    const off = loadConfig({ ...replicateEnv, VIDEO_PROVIDER: 'fal', FAL_KEY: 'k', PUBLIC_URL: publicUrl }).providers;
    expect([off.replicate!.webhook, off.fal!.webhook]).toEqual([undefined, undefined]);
    // Off, the callback routes have no verifier and answer 404.
    expect(providerWebhookVerifiers(off)).toEqual({});
    const on = loadConfig({ ...replicateEnv, VIDEO_PROVIDER: 'fal', FAL_KEY: 'k', PUBLIC_URL: `${publicUrl}/`, PROVIDER_WEBHOOKS: 'on' }).providers;
    expect(on.replicate!.webhook).toEqual({ url: `${publicUrl}/api/providers/replicate/webhook`, pollIntervalMs: 30_000 });
    expect(on.fal!.webhook).toEqual({ url: `${publicUrl}/api/providers/fal/webhook`, pollIntervalMs: 30_000, jwksUrl: 'https://rest.alpha.fal.ai/.well-known/jwks.json' });
    expect(Object.keys(providerWebhookVerifiers(on)).sort()).toEqual(['fal', 'replicate']);
  });

  it('refuses to start for a PUBLIC_URL the providers cannot reach: loopback, private or a local name', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://10.1.2.3', 'https://192.168.0.10', 'https://reels.internal', 'https://app.local', 'http://intranet']) {
      expect(() => loadConfig({ ...replicateEnv, PUBLIC_URL: url, PROVIDER_WEBHOOKS: 'on' })).toThrow(/PROVIDER_WEBHOOKS=on needs a PUBLIC_URL that Replicate and fal can reach/);
    }
    expect(() => loadConfig({ ...replicateEnv, PROVIDER_WEBHOOKS: 'on' })).toThrow(/PUBLIC_URL is not set/);
    expect(() => loadConfig({ ...replicateEnv, PUBLIC_URL: 'https://203.0.113.9', PROVIDER_WEBHOOKS: 'on' })).toThrow(/PROVIDER_WEBHOOKS/);
    expect(loadConfig({ ...replicateEnv, PUBLIC_URL: 'https://8.8.8.8', PROVIDER_WEBHOOKS: 'on' }).providers.replicate!.webhook).toBeDefined();
  });
});
