import { describe, expect, it } from 'vitest';
import { classifiedErrors, classifyError } from './error-classifier.ts';

describe('classifyError: each category', () => {
  it.each([
    ['Script is too long for the model', 'scriptTooLong'],
    ['Script exceeds maximum length', 'scriptTooLong'],
    ['Text too long for voice synthesis', 'textTooLong'],
    ['Scene text exceeds 500 characters', 'textTooLong'],
    ['AI service unavailable', 'aiUnavailable'],
    ['AI service temporarily unavailable', 'aiUnavailable'],
    ['AI provider error', 'aiUnavailable'],
    ['OpenAI returned 503', 'aiUnavailable'],
    ['Avatar generation timeout', 'avatarTimeout'],
    ['Avatar request timed out', 'avatarTimeout'],
    ['Invalid prompt', 'invalidPrompt'],
    ['Prompt was rejected by the content policy', 'invalidPrompt'],
    ['Avatar service busy', 'avatarBusy'],
    ['Avatar model overloaded', 'avatarBusy'],
    ['Voice limit reached', 'voiceLimit'],
    ['Voice character quota exceeded', 'voiceLimit'],
    ['Audio required for scene 2', 'audioRequired'],
    ['No audio for scene 1', 'audioRequired'],
    ['Voiceover missing', 'audioRequired'],
    ['Avatar required', 'avatarRequired'],
    ['No avatar selected from step 3', 'avatarRequired'],
    ['Please select an avatar in Step 3 before generating videos', 'avatarRequired'],
    ['Video generation timeout', 'videoTimeout'],
    ['Request timed out', 'videoTimeout'],
    ['connect ETIMEDOUT', 'videoTimeout'],
    ['Model unavailable', 'modelUnavailable'],
    ['The omni-human model is not available', 'modelUnavailable'],
    ['Lip sync service busy', 'lipSyncBusy'],
    ['Lipsync overloaded', 'lipSyncBusy'],
    ['Lip-sync mismatch', 'lipSyncMismatch'],
    ['Audio duration mismatch', 'lipSyncMismatch'],
    ['Merge failed', 'mergeFailed'],
    ['Error merging scene videos', 'mergeFailed'],
    ['Missing videos for scenes 2, 3', 'missingVideos'],
    ['No videos available. Please complete Step 5 first.', 'missingVideos'],
    ['Storage quota exceeded', 'storageQuota'],
    ['Storage full', 'storageQuota'],
    ['Storage error', 'storageError'],
    ['Bucket write denied', 'storageError'],
    ['Network error', 'network'],
    ['Failed to fetch', 'network'],
    ['Too many requests', 'tooManyRequests'],
    ['Rate limit exceeded', 'tooManyRequests'],
    ['429', 'tooManyRequests'],
    ['Insufficient credits', 'insufficientCredits'],
    ['Quota exceeded', 'insufficientCredits'],
  ] as const)('%s → %s', (message, key) => {
    expect(classifyError(message).title).toBe(classifiedErrors[key].title);
  });
});

describe('classifyError: exact strings', () => {
  it('script too long keeps 2000 characters', () => {
    expect(classifyError('script too long')).toEqual({
      title: 'Script Too Long',
      description: 'Your script is longer than the AI can process in one go.',
      suggestion: 'Shorten your script to under 2000 characters and try again.',
    });
  });
  it('text too long keeps 500 characters', () => {
    expect(classifyError('text too long')).toEqual({
      title: 'Text Too Long',
      description: 'A scene has more text than the voice service can read in one clip.',
      suggestion: "Keep each scene's text under 500 characters and try again.",
    });
  });
  it('video timeout keeps 3 to 5 minutes', () => {
    expect(classifyError('timeout')).toEqual({
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
    expect(classifyError('Insufficient credits: you have 4 credits remaining, but 12 credits are required')).toEqual({
      title: 'Insufficient Credits',
      description: 'You have 4 credits remaining, but 12 credits are required.',
      suggestion: 'Upgrade your plan or wait for your quota to reset.',
    });
    expect(classifyError('You have 0 credits remaining, but 3 credits are required').title).toBe('Insufficient Credits');
    expect(classifyError('Insufficient credits').description).toBe('Your account does not have enough credits for this.');
  });
});

describe('classifyError: precedence', () => {
  it('script wins over text', () => {
    expect(classifyError('Script text is too long').title).toBe('Script Too Long');
  });
  it('avatar timeout wins over video timeout', () => {
    expect(classifyError('Avatar video timed out').title).toBe('Avatar Generation Timed Out');
  });
  it('storage quota wins over credits quota; voice quota is a voice limit', () => {
    expect(classifyError('Storage quota exceeded').title).toBe('Storage Limit Reached');
    expect(classifyError('Voice quota exceeded').title).toBe('Voice Limit Reached');
  });
  it('a voice rate limit is a voice limit', () => {
    expect(classifyError('Voice API rate limit').title).toBe('Voice Limit Reached');
  });
  it('missing videos win over merge failed', () => {
    expect(classifyError('Merge failed: missing videos').title).toBe('Missing Scene Videos');
  });
  it('merge wins over a timeout during the merge', () => {
    expect(classifyError('Merge timed out').title).toBe('Video Merge Failed');
  });
  it('network wins over rate limit, which wins over credits', () => {
    expect(classifyError('Network rate limit').title).toBe('Network Error');
    expect(classifyError('Too many requests: quota').title).toBe('Too Many Requests');
  });
  it('words are matched whole', () => {
    expect(classifyError('Subscript exceeded').title).toBe('Video Generation Failed');
    expect(classifyError('Sometimes output is empty').title).toBe('Video Generation Failed');
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
    expect(classifyError('Unauthorized').description).toBe('Your session has expired. Please log in again.');
  });
});
