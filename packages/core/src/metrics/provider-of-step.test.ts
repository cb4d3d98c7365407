import { describe, expect, it } from 'vitest';
import type { ProviderSummary } from '@reelsmith/media';
import { providerOfStep } from './provider-of-step.ts';

const providers: ProviderSummary = {
  llm: { provider: 'openai', model: 'gpt' },
  tts: { provider: 'elevenlabs', model: null },
  image: { provider: 'replicate', models: [] },
  video: { provider: 'fal', model: null, maxAudioSeconds: null },
};

describe('providerOfStep', () => {
  it('names the provider of the capability each step pays, and local for the merge', () => {
    expect(providerOfStep(providers, 'voiceover')).toBe('elevenlabs');
    expect(providerOfStep(providers, 'avatars')).toBe('replicate');
    expect(providerOfStep(providers, 'avatar_product')).toBe('replicate');
    expect(providerOfStep(providers, 'videos')).toBe('fal');
    expect(providerOfStep(providers, 'final')).toBe('local');
  });
  it('is local when no providers are configured', () => {
    expect(providerOfStep(undefined, 'videos')).toBe('local');
  });
});
