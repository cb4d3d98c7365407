import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyClient } from './lazy-client.ts';

const mediaEntry = resolve(import.meta.dirname, '../index.ts');

describe('provider SDK clients', () => {
  it('makes a client once, on first use, and tries again after a failed load', async () => {
    let made = 0;
    const fail = { now: true };
    const client = lazyClient(async () => {
      made += 1;
      if (fail.now) throw new Error('load failed');
      return { made };
    });
    expect(made).toBe(0);
    await expect(client()).rejects.toThrow('load failed');
    fail.now = false;
    const [a, b] = await Promise.all([client(), client()]);
    expect(a).toBe(b);
    expect(await client()).toBe(a);
    expect(made).toBe(2);
  });

  it('loads neither the ElevenLabs nor the OpenAI SDK with the media package, each on its first call', () => {
    // A process of its own (this test worker may have loaded them for another file), which records every
    // module resolved, ES and CommonJS alike.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = new Set();
      registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.add(found.url); return found; } });
      const loaded = (name) => [...seen].some((url) => url.includes('/node_modules/' + name + '/'));
      const media = await import(${JSON.stringify(mediaEntry)});
      const endpoint = { apiKey: 'test', baseUrl: 'http://127.0.0.1:9', policy: { timeoutMs: 1000, maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } };
      const atStart = { elevenlabs: loaded('@elevenlabs/elevenlabs-js'), openai: loaded('openai') };
      await new media.ElevenLabsVoiceCatalogue({ ...endpoint, modelId: 'eleven_multilingual_v2', outputFormat: 'mp3_44100_128', prices: {} }).fetchVoices().catch(() => undefined);
      const afterVoices = { elevenlabs: loaded('@elevenlabs/elevenlabs-js'), openai: loaded('openai') };
      const prices = { 'gpt-test': { inputUsdPerMillionTokens: 1, outputUsdPerMillionTokens: 1 } };
      await new media.LlmSceneWriter({ ...endpoint, model: 'gpt-test', prices }).writeScenes({ script: 'One two three four five six seven eight nine ten.', reelTime: 20 }).catch(() => undefined);
      const afterScenes = { elevenlabs: loaded('@elevenlabs/elevenlabs-js'), openai: loaded('openai') };
      console.log(JSON.stringify({ atStart, afterVoices, afterScenes }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 170_000 });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      atStart: { elevenlabs: false, openai: false },
      afterVoices: { elevenlabs: true, openai: false },
      afterScenes: { elevenlabs: true, openai: true },
    });
  });
});
