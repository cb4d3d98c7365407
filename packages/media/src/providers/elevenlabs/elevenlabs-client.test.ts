import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const mediaEntry = resolve(import.meta.dirname, '../../index.ts');

describe('the ElevenLabs client', () => {
  it('is not loaded with the media package: a process that never calls ElevenLabs never pays for its SDK', () => {
    // A process of its own: this test worker may have loaded the SDK for another file already.
    const script = `
      const media = await import(${JSON.stringify(mediaEntry)});
      const { createRequire } = await import('node:module');
      const sdk = () => Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('@elevenlabs')).length;
      const before = sdk();
      const catalogue = new media.ElevenLabsVoiceCatalogue({ apiKey: 'xi-test', baseUrl: 'http://127.0.0.1:9', modelId: 'eleven_multilingual_v2', outputFormat: 'mp3_44100_128', policy: { timeoutMs: 1000, maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 }, prices: {} });
      await catalogue.fetchVoices().catch(() => undefined);
      console.log(JSON.stringify({ before, after: sdk() }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    const { before, after } = JSON.parse(out.trim().split('\n').at(-1)!) as { before: number; after: number };
    expect(before).toBe(0);
    // The first call loads it.
    expect(after).toBeGreaterThan(0);
  }, 60_000);
});
