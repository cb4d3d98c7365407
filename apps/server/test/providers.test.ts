import { readFile } from 'node:fs/promises';
import { testDatabaseKinds } from '@reelsmith/db/testing';
import { createProviderEngine, summariseProviders } from '@reelsmith/media';
import { createFakeElevenLabs, createFakeOpenAi, FakeReplicate, FAKE_ELEVENLABS_VOICES, REPLICATE_OUT_OF_CREDIT } from '@reelsmith/media/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { providersEnvSchema } from '../src/providers-env.ts';
import { adminAs } from './support/admin-as.ts';
import { trpcCall } from './support/trpc-call.ts';
import { buildTestApp, devSignIn, type TestApp } from './test-app.ts';

const script =
  'Tired of dull skin every morning? Meet Glow Serum, the vitamin C boost your routine is missing. ' +
  'Two drops after cleansing, and your skin drinks it in within seconds. Tap the link and glow with me.';

// The wizard's server side through the real provider adapters, each pointed at a loopback fake of
// its provider's HTTP API: costs land on the jobs, a failed paid step gives the credit back.
describe.each(testDatabaseKinds())('generation through the provider adapters on %s', (kind) => {
  const openai = createFakeOpenAi('sk-test');
  const elevenlabs = createFakeElevenLabs('xi-test');
  const replicate = new FakeReplicate('r8_test');
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  let userId: string;

  beforeAll(async () => {
    const [o, e, r] = await Promise.all([openai.start(), elevenlabs.start(), replicate.start()]);
    const env = {
      LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${o}/v1`, OPENAI_MODEL: 'gpt-test',
      // A model without a list price runs only with the operator's price, recorded with its source.
      OPENAI_PRICES: '{"gpt-test":{"inputUsdPerMillionTokens":0.15,"outputUsdPerMillionTokens":0.6}}',
      TTS_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'xi-test', ELEVENLABS_BASE_URL: e,
      IMAGE_PROVIDER: 'replicate', VIDEO_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_BASE_URL: r, REPLICATE_POLL_INTERVAL_MS: '20',
      PROVIDER_MAX_RETRIES: '1',
      // Replicate's outputs are served by the loopback fake: allow-listed explicitly, the guard stays on.
      OUTBOUND_ALLOW_HOSTS: new URL(r).host,
    };
    t = await buildTestApp(kind, env);
    // The server builds its engine from the same configuration in deps.ts.
    t.app.core.engine = createProviderEngine(t.config.providers);
    t.app.core.providers = summariseProviders(t.config.providers);
    cookie = await devSignIn(t.app, 'pro@example.com', 'Pat Pro');
    const pro = await t.db.db.selectFrom('plans').select('id').where('code', '=', 'pro-monthly').executeTakeFirstOrThrow();
    userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', 'pro@example.com').executeTakeFirstOrThrow()).id;
    await t.db.db.updateTable('subscriptions').set({ status: 'expired' }).where('user_id', '=', userId).execute();
    await t.db.db.insertInto('subscriptions').values({ user_id: userId, plan_id: pro.id, status: 'active', end_date: new Date(Date.now() + 30 * 86400_000) }).execute();
    projectId = (await api('POST', '/api/projects', { reelTime: 20, aspect: '9:16' })).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai.close(), elevenlabs.close(), replicate.close()]);
  });

  function api(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }
  const costs = (capability: 'llm' | 'tts' | 'image' | 'video') =>
    t.db.db.selectFrom('generation_costs').select(['provider', 'model', 'unit', 'quantity', 'amount_usd', 'price_source', 'job_id', 'project_id']).where('capability', '=', capability).execute();
  const documentsUsed = async () =>
    (await t.db.db.selectFrom('subscriptions').select('documents_used').where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirstOrThrow()).documents_used;

  it('writes scenes with the chat model and records the tokens on the project', async () => {
    const res = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes).toHaveLength(3);
    expect(await costs('llm')).toEqual([expect.objectContaining({ provider: 'openai', model: 'gpt-test', unit: 'tokens', price_source: 'env:OPENAI_PRICES', project_id: projectId, job_id: null })]);
    expect(Number((await costs('llm'))[0]!.amount_usd)).toBe(0.000066);
  });

  it("answers an AI outage with the spec's words, never the provider's", async () => {
    openai.misbehave(/chat/, { status: 503, json: { error: { message: 'upstream secret detail' } } }, { status: 503, json: {} });
    const res = await api('POST', `/api/projects/${projectId}/generate-scenes`, { script, reelTime: 20 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/^AI service temporarily unavailable/);
    expect(res.body).not.toContain('upstream secret detail');
  });

  it('voices the scenes with ElevenLabs and stores each alignment beside its audio', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices' })).json();
    expect(voices.map((v: { id: string }) => v.id)).toEqual(FAKE_ELEVENLABS_VOICES.map((v) => v.voice_id));
    const res = await api('POST', `/api/projects/${projectId}/generate-voiceover`, { voiceId: voices[0].id, sceneSpeedSettings: { 'scene-1': 1.2, 'scene-2': 1, 'scene-3': 0.8 } });
    expect(res.statusCode).toBe(200);
    const sent = elevenlabs.requestsTo(/with-timestamps/).map((r) => r.json as { voice_settings: { speed: number }; previous_text?: string; next_text?: string });
    expect(sent.map((b) => b.voice_settings.speed).sort()).toEqual([0.8, 1, 1.2]);
    expect(sent.filter((b) => b.previous_text && b.next_text)).toHaveLength(1);
    const audioUrl: string = res.json().voiceover['scene-1'];
    const alignment = await api('GET', audioUrl.replace(/\.m4a$/, '.alignment.json'));
    expect(alignment.statusCode).toBe(200);
    expect(alignment.json().characters.length).toBeGreaterThan(10);
    const tts = await costs('tts');
    expect(tts).toHaveLength(3);
    expect(tts.every((c) => c.job_id === res.json().job.id && c.unit === 'characters')).toBe(true);
  });

  it('draws four avatars on imagen-4-ultra, each image a cost on the job', async () => {
    const res = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A friendly woman in a bright bathroom', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    expect(res.statusCode).toBe(200);
    const variations: string[] = res.json().project.assets.avatar.variations;
    expect(variations).toHaveLength(4);
    const image = await costs('image');
    expect(image).toHaveLength(4);
    expect(image[0]).toMatchObject({ provider: 'replicate', model: 'google/imagen-4-ultra', unit: 'images', price_source: 'default' });
    expect(Number(image[0]!.amount_usd)).toBe(0.06);
    expect((await api('PATCH', `/api/projects/${projectId}`, { selectedAvatar: variations[1] })).statusCode).toBe(200);
  });

  it('returns the credit when the paid video step fails, and takes it again on the next try', async () => {
    expect(await documentsUsed()).toBe(1);
    // Out of credit at the provider: never retried (one create asked), the spec's credits sentence, not the provider's words.
    const before = replicate.creates;
    replicate.server.misbehave(/omni-human\/predictions$/, ...Array.from({ length: 3 }, () => REPLICATE_OUT_OF_CREDIT));
    const failed = await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });
    replicate.server.behave();
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error).toMatch(/^Your account has insufficient credits\. Please upgrade your plan or wait for your quota to reset\..*Your video credit has been returned\.$/);
    expect(failed.body).not.toContain('replicate.com/account/billing');
    expect(replicate.creates).toBe(before);
    // One ask per scene at most: an out-of-credit answer is never repeated.
    expect(replicate.server.requestsTo(/omni-human\/predictions$/).length).toBeLessThanOrEqual(3);
    expect(await documentsUsed()).toBe(0);
    const returned = await t.db.db.selectFrom('credit_returns').select(['project_id', 'user_id', 'retaken_at']).execute();
    expect(returned).toEqual([{ project_id: projectId, user_id: userId, retaken_at: null }]);

    const ok = await api('POST', `/api/projects/${projectId}/generate-omni-videos`, { quality: 'standard', model: 'omni-human' });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json().videos)).toHaveLength(3);
    expect(await documentsUsed()).toBe(1);
    expect(await t.db.db.selectFrom('credit_returns').select('project_id').where('retaken_at', 'is', null).execute()).toEqual([]);
    const video = await costs('video');
    expect(video.filter((c) => c.job_id === ok.json().job.id)).toHaveLength(3);
    expect(video.every((c) => c.unit === 'seconds' && Number(c.quantity) > 0)).toBe(true);
  });

  it('shows admins which provider serves each capability and the costs, never a key', async () => {
    const support = await adminAs(t, 'support');
    const res = await support.call('GET', '/api/admin/providers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.capabilities).toMatchObject({
      llm: { provider: 'openai', models: ['gpt-test'] },
      tts: { provider: 'elevenlabs' },
      image: { provider: 'replicate', models: ['google/imagen-4-ultra', 'black-forest-labs/flux-kontext-pro', 'flux-kontext-apps/multi-image-kontext-pro'] },
      video: { provider: 'replicate', models: ['bytedance/omni-human'], maxAudioSeconds: 15 },
    });
    expect(body.costsLast30Days.find((c: { model: string }) => c.model === 'google/imagen-4-ultra')).toMatchObject({ calls: 4, quantity: 4, amountUsd: 0.24, priceSource: 'default' });
    expect(body.costsLast30Days.find((c: { model: string }) => c.model === 'gpt-test')).toMatchObject({ provider: 'openai', priceSource: 'env:OPENAI_PRICES' });
    expect(body.creditsReturnedLast30Days).toBe(1);
    // Replicate was out of credit in the video test, and the next videos (paid) cleared it.
    expect(body.outOfCredit).toEqual([]);
    for (const secret of ['sk-test', 'xi-test', 'r8_test']) expect(res.body).not.toContain(secret);
    const viaTrpc = await trpcCall(t.app, 'query', 'generation.voices', {}, cookie);
    expect(viaTrpc.data.length).toBe(3);
  });
  it('alerts operators in the provider overview while a provider is out of credit, until a paid call succeeds', async () => {
    const support = await adminAs(t, 'support');
    const overview = async () => (await support.call('GET', '/api/admin/providers')).json() as { outOfCredit: { provider: string; since: string; lastSeenAt: string | null }[] };
    expect((await overview()).outOfCredit).toEqual([]);
    // Replicate answers its documented 402 to each of the four avatar predictions.
    const before = replicate.creates;
    t.clock.advance(60_000);
    const failedAt = t.clock.now();
    replicate.server.misbehave(/imagen-4-ultra\/predictions$/, ...Array.from({ length: 4 }, () => REPLICATE_OUT_OF_CREDIT));
    const failed = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A friendly woman in a bright bathroom', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    replicate.server.behave();
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error).toBe('Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.');
    expect(replicate.creates).toBe(before);

    const flagged = (await overview()).outOfCredit;
    expect(flagged).toEqual([{ provider: 'replicate', since: expect.any(String), lastSeenAt: expect.any(String) }]);
    expect(new Date(flagged[0]!.since)).toEqual(failedAt);
    // The same through tRPC, as the admin app reads it (superjson dates).
    const viaTrpc = await trpcCall(t.app, 'query', 'admin.providers.get', undefined, { bearer: support.token });
    expect(viaTrpc.data.outOfCredit).toEqual([{ provider: 'replicate', since: expect.any(Date), lastSeenAt: expect.any(Date) }]);

    // A later successful (charged) call to Replicate clears the alert.
    t.clock.advance(60_000);
    const ok = await api('POST', `/api/projects/${projectId}/generate-avatar`, { combinedPrompt: 'A friendly woman in a bright bathroom', model: 'google-imagen-4-ultra', aspectRatio: '9:16' });
    expect(ok.statusCode).toBe(200);
    expect((await overview()).outOfCredit).toEqual([]);
    const state = await t.db.db.selectFrom('provider_credit_states').select(['provider', 'out_of_credit_since', 'restored_at']).execute();
    expect(state).toEqual([{ provider: 'replicate', out_of_credit_since: null, restored_at: t.clock.now() }]);
  });
});

describe('provider configuration', () => {
  it('needs the key of a chosen provider, and an explicit choice in production', () => {
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadConfig({ VIDEO_PROVIDER: 'fal' })).toThrow(/FAL_KEY/);
    const production = {
      NODE_ENV: 'production', PUBLIC_URL: 'https://reels.example', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'pw-long-enough', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's',
      STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', MEDIA_SECRET: 'a-media-signing-secret-of-32-chars-min',
    };
    expect(() => loadConfig(production)).toThrow(/LLM_PROVIDER, TTS_PROVIDER, IMAGE_PROVIDER, VIDEO_PROVIDER/);
    const chosen = loadConfig({ ...production, LLM_PROVIDER: 'local', TTS_PROVIDER: 'local', IMAGE_PROVIDER: 'local', VIDEO_PROVIDER: 'fal', FAL_KEY: 'k', VIDEO_TIMEOUT_SECONDS: '600' });
    expect(chosen.providers).toMatchObject({ llm: 'local', video: 'fal', fal: { baseUrl: 'https://queue.fal.run', videoModel: 'fal-ai/bytedance/omnihuman', policy: { timeoutMs: 600_000 } } });
  });

  it('reads OUTBOUND_ALLOW_HOSTS as host or host:port entries; none by default', () => {
    expect(loadConfig({}).providers.downloads.outbound.allowHosts).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: ' 127.0.0.1:4100, fake.test ,[::1]:9000' }).providers.downloads.outbound.allowHosts).toEqual(['127.0.0.1:4100', 'fake.test', '[::1]:9000']);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://127.0.0.1:4100/' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });

  it('keys Replicate prices by the configured model id: REPLICATE_PRICES overrides, a model without a price refuses to start', () => {
    const env = { IMAGE_PROVIDER: 'replicate', VIDEO_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_x', REPLICATE_VIDEO_MODEL: 'bytedance/omni-human-1.5' };
    expect(() => createProviderEngine(loadConfig(env).providers)).toThrow(/No price is known for the Replicate model 'bytedance\/omni-human-1.5'.*REPLICATE_PRICES/);
    const priced = loadConfig({ ...env, REPLICATE_PRICES: '{"bytedance/omni-human-1.5":{"unit":"seconds","usd":0.16},"google/imagen-4-ultra":{"unit":"images","usd":0.05}}' }).providers;
    expect(priced.replicate!.prices).toMatchObject({ 'bytedance/omni-human-1.5': { unit: 'seconds', usd: 0.16 }, 'google/imagen-4-ultra': { unit: 'images', usd: 0.05 } });
    expect(() => createProviderEngine(priced)).not.toThrow();
    expect(() => loadConfig({ ...env, REPLICATE_PRICES: 'not json' })).toThrow(/REPLICATE_PRICES/);
    expect(() => loadConfig({ ...env, REPLICATE_PRICES: '{"x/y":{"unit":"hours","usd":1}}' })).toThrow(/REPLICATE_PRICES/);
  });

  it('keys OpenAI, ElevenLabs and fal prices by the configured model id, with *_PRICES over the list and each source kept', () => {
    const env = {
      LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-4.1-mini',
      TTS_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'xi-x', ELEVENLABS_MODEL_ID: 'eleven_flash_v2_5',
      VIDEO_PROVIDER: 'fal', FAL_KEY: 'fal-x', FAL_VIDEO_MODEL: 'fal-ai/bytedance/omnihuman/v1.5',
    };
    const listed = loadConfig(env).providers;
    // A non-default model has its own list price, not the default model's.
    expect(listed.openai!.prices['gpt-4.1-mini']).toEqual({ inputUsdPerMillionTokens: 0.4, outputUsdPerMillionTokens: 1.6, source: 'default' });
    expect(listed.elevenlabs!.prices.eleven_flash_v2_5).toEqual({ usdPer1kCharacters: 0.05, source: 'default' });
    expect(listed.fal!.prices['fal-ai/bytedance/omnihuman/v1.5']).toEqual({ usdPerSecond: 0.16, source: 'default' });
    expect(() => createProviderEngine(listed)).not.toThrow();

    const overridden = loadConfig({
      ...env,
      OPENAI_PRICES: '{"gpt-4.1-mini":{"inputUsdPerMillionTokens":0.5,"outputUsdPerMillionTokens":2}}',
      ELEVENLABS_PRICES: '{"eleven_flash_v2_5":{"usdPer1kCharacters":0.06}}',
      FAL_PRICES: '{"fal-ai/bytedance/omnihuman/v1.5":{"usdPerSecond":0.18}}',
      REPLICATE_PRICES: '{"bytedance/omni-human-1.5":{"unit":"seconds","usd":0.16}}',
      IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_x',
    }).providers;
    expect(overridden.openai!.prices['gpt-4.1-mini']).toEqual({ inputUsdPerMillionTokens: 0.5, outputUsdPerMillionTokens: 2, source: 'env:OPENAI_PRICES' });
    expect(overridden.elevenlabs!.prices.eleven_flash_v2_5).toEqual({ usdPer1kCharacters: 0.06, source: 'env:ELEVENLABS_PRICES' });
    expect(overridden.fal!.prices['fal-ai/bytedance/omnihuman/v1.5']).toEqual({ usdPerSecond: 0.18, source: 'env:FAL_PRICES' });
    expect(overridden.replicate!.prices['bytedance/omni-human-1.5']).toEqual({ unit: 'seconds', usd: 0.16, source: 'env:REPLICATE_PRICES' });
    expect(overridden.replicate!.prices['google/imagen-4-ultra']).toMatchObject({ source: 'default' });

    // The one-price shorthands price the configured model; naming it twice is refused.
    const shorthand = loadConfig({ ...env, FAL_USD_PER_SECOND: '0.15', ELEVENLABS_USD_PER_1K_CHARACTERS: '0.07', OPENAI_INPUT_USD_PER_MILLION_TOKENS: '1', OPENAI_OUTPUT_USD_PER_MILLION_TOKENS: '3' }).providers;
    expect(shorthand.fal!.prices['fal-ai/bytedance/omnihuman/v1.5']).toEqual({ usdPerSecond: 0.15, source: 'env:FAL_USD_PER_SECOND' });
    expect(shorthand.elevenlabs!.prices.eleven_flash_v2_5).toEqual({ usdPer1kCharacters: 0.07, source: 'env:ELEVENLABS_USD_PER_1K_CHARACTERS' });
    expect(shorthand.openai!.prices['gpt-4.1-mini']).toMatchObject({ inputUsdPerMillionTokens: 1, outputUsdPerMillionTokens: 3 });
    expect(() => loadConfig({ ...env, FAL_USD_PER_SECOND: '0.15', FAL_PRICES: '{"fal-ai/bytedance/omnihuman/v1.5":{"usdPerSecond":0.18}}' })).toThrow(/FAL_USD_PER_SECOND and FAL_PRICES both price/);
    expect(() => loadConfig({ ...env, OPENAI_INPUT_USD_PER_MILLION_TOKENS: '1' })).toThrow(/go together/);

    for (const [variable, bad] of [['OPENAI_PRICES', 'not json'], ['ELEVENLABS_PRICES', '{"x":{"usd":1}}'], ['FAL_PRICES', '{"fal-ai/x":{"usdPerSecond":-1}}']] as const) {
      expect(() => loadConfig({ ...env, [variable]: bad })).toThrow(new RegExp(variable));
    }
  });

  it('refuses to start a provider whose configured model has no price, naming the variable to set', () => {
    const cases = [
      [{ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-unpriced' }, /No price is known for the OpenAI model 'gpt-unpriced'.*OPENAI_PRICES=/],
      [{ TTS_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'xi-x', ELEVENLABS_MODEL_ID: 'eleven_unpriced' }, /No price is known for the ElevenLabs model 'eleven_unpriced'.*ELEVENLABS_PRICES=/],
      [{ VIDEO_PROVIDER: 'fal', FAL_KEY: 'fal-x', FAL_VIDEO_MODEL: 'fal-ai/someone/unpriced' }, /No price is known for the fal model 'fal-ai\/someone\/unpriced'.*FAL_PRICES=/],
      [{ IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_x', REPLICATE_PRODUCT_MODEL: 'someone/unpriced' }, /No price is known for the Replicate model 'someone\/unpriced'.*REPLICATE_PRICES=/],
    ] as const;
    for (const [env, message] of cases) expect(() => createProviderEngine(loadConfig(env).providers)).toThrow(message);
  });

  it('defaults to the offline engine in development', () => {
    expect(loadConfig({}).providers).toMatchObject({ llm: 'local', tts: 'local', image: 'local', video: 'local' });
  });
});

describe('.env.example', () => {
  it('documents every provider variable', async () => {
    const example = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(Object.keys(providersEnvSchema.shape).filter((key) => !documented.has(key))).toEqual([]);
  });
});
