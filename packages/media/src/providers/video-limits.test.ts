import { describe, expect, it } from 'vitest';
import { summariseProviders } from './create-provider-engine.ts';
import { DEFAULT_CALL_POLICY, DEFAULT_DOWNLOAD_LIMITS, REPLICATE_DEFAULTS } from './provider-config.ts';
import { audioLimitFor } from './video-limits.ts';

describe('video model audio limits', () => {
  it('knows each model and falls back to the strictest for an unknown one', () => {
    expect(audioLimitFor('bytedance/omni-human')).toBe(15);
    expect(audioLimitFor('fal-ai/bytedance/omnihuman')).toBe(30);
    expect(audioLimitFor('someone/new-model')).toBe(15);
  });

  it('summarises the providers without keys', () => {
    const summary = summariseProviders({
      llm: 'local',
      tts: 'local',
      image: 'local',
      video: 'fal',
      downloads: DEFAULT_DOWNLOAD_LIMITS,
      fal: { apiKey: 'secret-key', baseUrl: 'http://x', storageUrl: 'http://x', policy: DEFAULT_CALL_POLICY, videoModel: 'fal-ai/bytedance/omnihuman', prices: { 'fal-ai/bytedance/omnihuman': { usdPerSecond: 0.14 } }, pollIntervalMs: 10 },
      replicate: { apiKey: 'r8', baseUrl: 'http://y', policy: DEFAULT_CALL_POLICY, models: { ...REPLICATE_DEFAULTS.models }, prices: {}, pollIntervalMs: 10, preferWaitSeconds: 1 },
    });
    expect(summary).toEqual({
      llm: { provider: 'local', model: null },
      tts: { provider: 'local', model: null },
      image: { provider: 'local', models: [] },
      video: { provider: 'fal', model: 'fal-ai/bytedance/omnihuman', maxAudioSeconds: 30 },
    });
    expect(JSON.stringify(summary)).not.toContain('secret');
  });
});
