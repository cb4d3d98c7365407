import { describe, expect, it } from 'vitest';
import { reasonCodes } from '../reasons.ts';
import { classifiedErrorByReason, classifiedErrors, classifyError } from './error-classifier.ts';

describe('classifyError: each category, by reason code', () => {
  it.each([
    ['script_too_long', 'scriptTooLong'],
    ['text_too_long', 'textTooLong'],
    ['ai_unavailable', 'aiUnavailable'],
    ['avatar_timeout', 'avatarTimeout'],
    ['invalid_prompt', 'invalidPrompt'],
    ['avatar_busy', 'avatarBusy'],
    ['voice_limit', 'voiceLimit'],
    ['audio_required', 'audioRequired'],
    ['avatar_required', 'avatarRequired'],
    ['video_timeout', 'videoTimeout'],
    ['timeout', 'videoTimeout'],
    ['model_unavailable', 'modelUnavailable'],
    ['lip_sync_busy', 'lipSyncBusy'],
    ['lip_sync_mismatch', 'lipSyncMismatch'],
    ['merge_failed', 'mergeFailed'],
    ['missing_videos', 'missingVideos'],
    ['storage_quota', 'storageQuota'],
    ['storage_error', 'storageError'],
    ['network', 'network'],
    ['rate_limited', 'tooManyRequests'],
    ['insufficient_credits', 'insufficientCredits'],
    ['quota', 'insufficientCredits'],
  ] as const)('%s → %s', (reason, key) => {
    // A failed job as the browser reads it, and an error answer as tRPC hands it over.
    expect(classifyError({ message: 'the server\'s words', reason }).title).toBe(classifiedErrors[key].title);
    expect(classifyError({ message: 'x', data: { reason } }).title).toBe(classifiedErrors[key].title);
  });
  it('every other reason is Video Generation Failed with the message', () => {
    const titled = new Set(Object.keys(classifiedErrorByReason));
    for (const reason of reasonCodes.filter((r) => !titled.has(r))) {
      expect(classifyError({ message: 'Shown as is', reason })).toEqual({ ...classifiedErrors.videoGenerationFailed, description: reason === 'unauthorized' ? 'Your session has expired. Please log in again.' : reason === 'not_found' || reason === 'project_not_found' ? 'The requested resource was not found. Please refresh and try again.' : 'Shown as is.' });
    }
  });
  it('the text never decides: words that once matched are the default', () => {
    for (const text of ['Script is too long', 'Avatar generation timeout', 'Lip sync service busy', 'Merge failed', 'Quota exceeded', 'Failed to fetch']) {
      expect(classifyError(text).title).toBe('Video Generation Failed');
    }
  });
});

describe('classifyError: exact strings', () => {
  it('script too long keeps 2000 characters', () => {
    expect(classifyError({ reason: 'script_too_long', message: 'x' })).toEqual({
      title: 'Script Too Long',
      description: 'Your script is longer than the AI can process in one go.',
      suggestion: 'Shorten your script to under 2000 characters and try again.',
    });
  });
  it('text too long keeps 500 characters', () => {
    expect(classifyError({ reason: 'text_too_long', message: 'x' })).toEqual({
      title: 'Text Too Long',
      description: 'A scene has more text than the voice service can read in one clip.',
      suggestion: "Keep each scene's text under 500 characters and try again.",
    });
  });
  it('video timeout keeps 3 to 5 minutes', () => {
    expect(classifyError({ reason: 'video_timeout', message: 'x' })).toEqual({
      title: 'Video Generation Timed Out',
      description: 'Generating the video took longer than expected.',
      suggestion: 'Video generation usually takes 3 to 5 minutes. Please try again; if it keeps failing, try standard quality.',
    });
  });
  it('every category has all three parts', () => {
    const titles = Object.values(classifiedErrors).map((entry) => {
      expect(entry.title).not.toBe('');
      expect(entry.description).not.toBe('');
      expect(entry.suggestion).not.toBe('');
      return entry.title;
    });
    expect(new Set(titles).size).toBe(titles.length);
    expect(classifiedErrors).toMatchObject({
      aiUnavailable: { title: 'AI Service Unavailable' },
      avatarTimeout: { title: 'Avatar Generation Timed Out' },
      invalidPrompt: { title: 'Invalid Avatar Description' },
      avatarBusy: { title: 'Avatar Service Busy' },
      voiceLimit: { title: 'Voice Limit Reached' },
      audioRequired: { title: 'Voiceover Required' },
      avatarRequired: { title: 'Avatar Required' },
      modelUnavailable: { title: 'AI Model Unavailable' },
      lipSyncBusy: { title: 'Lip Sync Service Busy' },
      lipSyncMismatch: { title: 'Lip Sync Mismatch' },
      mergeFailed: { title: 'Video Merge Failed' },
      missingVideos: { title: 'Missing Scene Videos' },
      storageQuota: { title: 'Storage Limit Reached' },
      storageError: { title: 'Storage Error' },
      network: { title: 'Network Error' },
      tooManyRequests: { title: 'Too Many Requests' },
      insufficientCredits: { title: 'Insufficient Credits' },
      videoGenerationFailed: { title: 'Video Generation Failed' },
    });
  });
  it('insufficient credits quotes the remaining/required sentence', () => {
    expect(classifyError({ reason: 'insufficient_credits', message: 'Insufficient credits: you have 4 credits remaining, but 12 credits are required' })).toEqual({
      title: 'Insufficient Credits',
      description: 'You have 4 credits remaining, but 12 credits are required.',
      suggestion: 'Upgrade your plan or wait for your quota to reset.',
    });
    expect(classifyError({ reason: 'quota', message: 'You have 0 credits remaining, but 3 credits are required' }).title).toBe('Insufficient Credits');
    expect(classifyError({ reason: 'insufficient_credits', message: 'Insufficient credits' }).description).toBe('Your account does not have enough credits for this.');
  });
});

describe('classifyError: default', () => {
  it('is Video Generation Failed with the user-facing message', () => {
    expect(classifyError('Error: Renderer crashed')).toEqual({
      title: 'Video Generation Failed',
      description: 'Renderer crashed.',
      suggestion: 'Please try again. If the problem persists, contact support.',
    });
    expect(classifyError('')).toEqual({
      title: 'Video Generation Failed',
      description: 'An error occurred. Please try again.',
      suggestion: 'Please try again. If the problem persists, contact support.',
    });
    expect(classifyError('500: {"error":"Worker died"}').description).toBe('Worker died');
    expect(classifyError({ reason: 'unauthorized', message: 'x' }).description).toBe('Your session has expired. Please log in again.');
  });
});
