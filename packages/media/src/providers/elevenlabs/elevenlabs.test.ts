import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probe } from '../../ffmpeg.ts';
import type { ProviderCost } from '../cost.ts';
import { createFakeElevenLabs, ELEVENLABS_OUT_OF_CREDIT } from '../fakes/fake-elevenlabs.ts';
import { ELEVENLABS_DEFAULT_PRICES, type ElevenLabsConfig } from '../provider-config.ts';
import { TEST_POLICY } from '../test-policy.ts';
import { alignmentFileFor, ElevenLabsSpeechSynthesiser } from './elevenlabs-synthesiser.ts';
import { ElevenLabsVoiceCatalogue } from './elevenlabs-voices.ts';

const fake = createFakeElevenLabs('xi-test');
let config: ElevenLabsConfig;
let dir: string;
const voiceId = 'EXAVITQu4vr4xnSDxMaL';

beforeAll(async () => {
  const base = await fake.start();
  config = { apiKey: 'xi-test', baseUrl: base, policy: TEST_POLICY, modelId: 'eleven_multilingual_v2', outputFormat: 'mp3_44100_128', prices: { eleven_multilingual_v2: { usdPer1kCharacters: 0.3 } } };
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-11labs-test-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('ElevenLabs speech synthesiser', () => {
  it('sends the documented with-timestamps request and stores AAC audio with its alignment', async () => {
    const costs: ProviderCost[] = [];
    const outFile = join(dir, 'scene-1.m4a');
    const text = 'Meet the bottle that keeps coffee hot all day.';
    const result = await new ElevenLabsSpeechSynthesiser(config).synthesise({
      voiceId, text, speed: 1.1, previousText: 'Before.', nextText: 'After.', outFile, onCost: (c) => void costs.push(c),
    });
    const [request] = fake.requests;
    expect(request!.path).toBe(`/v1/text-to-speech/${voiceId}/with-timestamps`);
    expect(request!.query.get('output_format')).toBe('mp3_44100_128');
    expect(request!.headers['xi-api-key']).toBe('xi-test');
    expect(request!.json).toMatchObject({ text, model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1.1 }, previous_text: 'Before.', next_text: 'After.' });
    const info = await probe(outFile);
    expect(info.streams[0]!.codec_name).toBe('aac');
    expect(result.durationSeconds).toBeGreaterThan(2);
    expect(result.mimeType).toBe('audio/mp4');
    const alignment = JSON.parse(await readFile(alignmentFileFor(outFile), 'utf8')) as { characters: string[]; endSeconds: number[] };
    expect(alignment.characters.join('')).toBe(text);
    expect(alignment.endSeconds).toHaveLength(text.length);
    expect(costs).toEqual([{ provider: 'elevenlabs', model: 'eleven_multilingual_v2', unit: 'characters', quantity: text.length, amountUsd: 0.0138, priceSource: 'config' }]);
  });

  it('refuses a speed outside 0.7–1.2 before calling the provider', async () => {
    await expect(new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hi there.', speed: 1.5, outFile: join(dir, 'x.m4a') })).rejects.toMatchObject({ name: 'VoiceError', code: 'invalid_speed' });
    expect(fake.requests).toHaveLength(0);
  });

  it('retries a 429 then succeeds', async () => {
    fake.misbehave(/with-timestamps/, { status: 429, headers: { 'retry-after': '0' }, json: { detail: { status: 'too_many_concurrent_requests' } } });
    await new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hello again.', speed: 1, outFile: join(dir, 'retry.m4a') });
    expect(fake.requestsTo(/with-timestamps/)).toHaveLength(2);
  });

  it('reports repeated 500s as unavailable and a hang as a timeout', async () => {
    fake.misbehave(/with-timestamps/, { status: 500, json: {} }, { status: 500, json: {} }, { status: 500, json: {} });
    await expect(new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hello.', speed: 1, outFile: join(dir, 'a.m4a') })).rejects.toMatchObject({ name: 'ProviderError', kind: 'unavailable' });
    expect(fake.requests).toHaveLength(3);
    fake.misbehave(/with-timestamps/, { hang: true });
    await expect(
      new ElevenLabsSpeechSynthesiser({ ...config, policy: { ...TEST_POLICY, timeoutMs: 300 } }).synthesise({ voiceId, text: 'Hello.', speed: 1, outFile: join(dir, 'b.m4a') }),
    ).rejects.toMatchObject({ name: 'ProviderError', kind: 'timeout' });
  });

  it('treats an answer without usable audio as malformed output', async () => {
    fake.misbehave(/with-timestamps/, { json: { audio_base64: Buffer.from('not audio at all, just text that is long enough to pass the size check........................................').toString('base64') } });
    await expect(new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hello.', speed: 1, outFile: join(dir, 'c.m4a') })).rejects.toMatchObject({ name: 'ProviderError', kind: 'bad_output' });
  });
});

describe('ElevenLabs: out of credit, formats', () => {
  it("reads 401 quota_exceeded as out of credit, not a wrong key, and never retries it", async () => {
    fake.misbehave(/with-timestamps/, ELEVENLABS_OUT_OF_CREDIT, ELEVENLABS_OUT_OF_CREDIT);
    await expect(new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hello.', speed: 1, outFile: join(dir, 'q.m4a') })).rejects.toMatchObject({
      name: 'ProviderError',
      kind: 'insufficient_credits',
    });
    expect(fake.requestsTo(/with-timestamps/)).toHaveLength(1);
    fake.behave();
  });

  it('asks once per voiceover under a 500 and a 429, and records one charge', async () => {
    const costs: ProviderCost[] = [];
    fake.misbehave(/with-timestamps/, { status: 500, json: {} }, { status: 429, headers: { 'retry-after': '0' }, json: { detail: { status: 'system_busy' } } });
    const handledBefore = fake.handled.length;
    await new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Once only.', speed: 1, outFile: join(dir, 'once.m4a'), onCost: (c) => void costs.push(c) });
    expect(fake.requestsTo(/with-timestamps/)).toHaveLength(3);
    expect(fake.handled.length - handledBefore).toBe(1);
    expect(costs).toHaveLength(1);
  });

  it('decodes raw PCM when ELEVENLABS_OUTPUT_FORMAT is pcm_*, and stores AAC', async () => {
    const outFile = join(dir, 'pcm.m4a');
    const result = await new ElevenLabsSpeechSynthesiser({ ...config, outputFormat: 'pcm_24000' }).synthesise({ voiceId, text: 'Raw samples, no header at all.', speed: 1, outFile });
    expect(fake.requests[0]!.query.get('output_format')).toBe('pcm_24000');
    expect((await probe(outFile)).streams[0]!.codec_name).toBe('aac');
    expect(result.durationSeconds).toBeGreaterThan(1.5);
  });

  it('sends language_code only to the models that document it', async () => {
    await new ElevenLabsSpeechSynthesiser(config).synthesise({ voiceId, text: 'Hola a todos.', speed: 1, language: 'es', outFile: join(dir, 'es.m4a') });
    expect(fake.requests[0]!.json).not.toHaveProperty('language_code');
    await new ElevenLabsSpeechSynthesiser({ ...config, modelId: 'eleven_flash_v2_5', prices: { ...ELEVENLABS_DEFAULT_PRICES } }).synthesise({ voiceId, text: 'Hola a todos.', speed: 1, language: 'es', outFile: join(dir, 'es2.m4a') });
    expect(fake.requests[1]!.json).toMatchObject({ language_code: 'es' });
  });
});

describe('ElevenLabs voice catalogue', () => {
  it('maps the library to the spec fields and caches it for five minutes', async () => {
    let now = 0;
    const catalogue = new ElevenLabsVoiceCatalogue(config, { now: () => now });
    const voices = await catalogue.list();
    expect(voices.map((v) => v.name)).toEqual(['Sarah', 'George', 'Bill']);
    expect(voices[0]).toMatchObject({ id: voiceId, gender: 'female', age: 'young', language: 'multilingual', accent: 'American', situation: 'energetic' });
    expect(voices[2]).toMatchObject({ gender: 'male', age: 'senior', situation: 'professional', language: 'en' });
    expect(await catalogue.list({ gender: 'male' })).toHaveLength(2);
    now = 4 * 60_000;
    await catalogue.get(voiceId);
    expect(fake.requestsTo(/\/v1\/voices/)).toHaveLength(1);
    now = 6 * 60_000;
    fake.misbehave(/\/v1\/voices/, { status: 500, json: {} }, { status: 500, json: {} }, { status: 500, json: {} });
    // A failed refresh keeps the last good list.
    expect(await catalogue.get(voiceId)).toMatchObject({ name: 'Sarah' });
  });
});

describe('ElevenLabs prices keyed by the configured model id', () => {
  const text = 'Meet the bottle that keeps coffee hot all day.';

  it("records a non-default model at its own list price, not multilingual v2's", async () => {
    const costs: ProviderCost[] = [];
    await new ElevenLabsSpeechSynthesiser({ ...config, modelId: 'eleven_flash_v2_5', prices: { ...ELEVENLABS_DEFAULT_PRICES } }).synthesise({ voiceId, text, speed: 1, outFile: join(dir, 'flash.m4a'), onCost: (c) => void costs.push(c) });
    expect((fake.requests[0]!.json as { model_id: string }).model_id).toBe('eleven_flash_v2_5');
    expect(costs).toEqual([{ provider: 'elevenlabs', model: 'eleven_flash_v2_5', unit: 'characters', quantity: text.length, amountUsd: Math.round(text.length * 0.05 * 1000) / 1e6, priceSource: 'default' }]);
  });

  it('records an override (ELEVENLABS_PRICES) with its source', async () => {
    const costs: ProviderCost[] = [];
    const prices = { ...ELEVENLABS_DEFAULT_PRICES, eleven_multilingual_v2: { usdPer1kCharacters: 0.2, source: 'env:ELEVENLABS_PRICES' as const } };
    await new ElevenLabsSpeechSynthesiser({ ...config, prices }).synthesise({ voiceId, text, speed: 1, outFile: join(dir, 'over.m4a'), onCost: (c) => void costs.push(c) });
    expect(costs).toEqual([expect.objectContaining({ model: 'eleven_multilingual_v2', amountUsd: Math.round(text.length * 0.2 * 1000) / 1e6, priceSource: 'env:ELEVENLABS_PRICES' })]);
  });

  it('refuses a model without a price before any call', () => {
    expect(() => new ElevenLabsSpeechSynthesiser({ ...config, modelId: 'eleven_unpriced', prices: { ...ELEVENLABS_DEFAULT_PRICES } })).toThrow(
      /No price is known for the ElevenLabs model 'eleven_unpriced'.*ELEVENLABS_PRICES=/,
    );
    expect(fake.requests).toHaveLength(0);
  });
});
