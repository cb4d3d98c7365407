import { describe, expect, it } from 'vitest';
import { MediaToolError, ProviderError } from '@reelsmith/media';
import { AppError, classifyError, generationMessages } from '@reelsmith/shared';
import { providerFailureReason, stepFailureReason } from './failure-reason.ts';

describe('providerFailureReason', () => {
  it('out of credit is one reason for every capability', () => {
    for (const capability of ['llm', 'tts', 'image', 'video'] as const) expect(providerFailureReason(capability, 'insufficient_credits')).toBe('insufficient_credits');
  });
  it('names what the customer can act on, per service', () => {
    expect(providerFailureReason('llm', 'bad_output')).toBe('ai_response_unreadable');
    expect(providerFailureReason('llm', 'rate_limited')).toBe('ai_unavailable');
    expect(providerFailureReason('image', 'rate_limited')).toBe('avatar_busy');
    expect(providerFailureReason('image', 'timeout')).toBe('avatar_timeout');
    expect(providerFailureReason('image', 'rejected')).toBe('invalid_prompt');
    expect(providerFailureReason('video', 'rate_limited')).toBe('lip_sync_busy');
    expect(providerFailureReason('video', 'timeout')).toBe('video_timeout');
    expect(providerFailureReason('video', 'model_unavailable')).toBe('model_unavailable');
    expect(providerFailureReason('video', 'auth')).toBe('ai_unavailable');
    expect(providerFailureReason('tts', 'unavailable')).toBe('ai_unavailable');
  });
});

describe('stepFailureReason', () => {
  it('an AppError keeps its reason; a provider failure is named by the step\'s service', () => {
    expect(stepFailureReason(new AppError('BAD_REQUEST', generationMessages.noVoiceover, { reason: 'audio_required' }), 'videos')).toBe('audio_required');
    expect(stepFailureReason(new ProviderError('rate_limited', 'fal', 'busy', { status: 429 }), 'videos')).toBe('lip_sync_busy');
    expect(stepFailureReason(new ProviderError('rate_limited', 'replicate', 'busy', { status: 429 }), 'avatars')).toBe('avatar_busy');
  });
  it('our own failures: a merge for the final step, generation otherwise', () => {
    expect(stepFailureReason(new MediaToolError('ffmpeg', 'ffmpeg exited 1', 'stderr'), 'final')).toBe('merge_failed');
    expect(stepFailureReason(new Error('boom'), 'videos')).toBe('generation_failed');
    expect(stepFailureReason('thrown string', 'voiceover')).toBe('generation_failed');
  });
  it('the browser shows the spec\'s titled error for each (one table, no text)', () => {
    const busy = stepFailureReason(new ProviderError('rate_limited', 'fal', 'busy', { status: 429 }), 'videos');
    expect(classifyError({ message: 'anything', reason: busy }).title).toBe('Lip Sync Service Busy');
    expect(classifyError({ message: 'anything', reason: stepFailureReason(new Error('x'), 'final') }).title).toBe('Video Merge Failed');
  });
});
