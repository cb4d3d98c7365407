import { describe, expect, it } from 'vitest';
import {
  audioPlaybackError,
  avatarDownloadError,
  avatarErrorText,
  avatarGenerationError,
  avatarInvalidFileTypeError,
  avatarSelectionError,
  avatarSuggestionError,
  avatarFileTooLargeError,
  avatarUploadError,
  imageTooLargeMessage,
  cancellationError,
  checkoutError,
  createProjectError,
  deleteProjectError,
  downloadFailedError,
  downloadLockedError,
  finalVideoErrorText,
  noVideoAvailableError,
  paymentConfirmationError,
  playlistParseError,
  pricingPath,
  pricingRedirectDelayMs,
  productErrorText,
  productFileTooLargeError,
  productGenerationError,
  productInvalidFileTypeError,
  productSelectionError,
  productSkipError,
  productUploadError,
  projectErrorText,
  projectNotFoundError,
  removeImageError,
  saveScenesError,
  sceneErrorText,
  sceneGenerationError,
  sceneRegenerationError,
  shareLinkError,
  toastText,
  videoCreationFailedError,
  voiceErrorText,
  voicePlaybackError,
  voicePreviewError,
  voiceoverError,
  voicesFetchError,
} from './step-errors.ts';

const GENERIC = 'An error occurred. Please try again.';
const NETWORK = 'Network error. Please check your connection and try again.';
const DURATION = 'The generated scenes did not meet the duration requirements. Please try again or adjust your script.';

describe('sceneGenerationError', () => {
  const title = 'Scene Generation Failed';
  it.each([
    ['unauthorized', title, 'Please log in again to continue'],
    ['project_not_found', title, 'Project not found. Please refresh the page'],
    ['not_found', title, 'Project not found. Please refresh the page'],
    ['scenes_invalid', 'Scene Validation Issue', DURATION],
    ['ai_unavailable', title, 'AI service temporarily unavailable'],
    ['ai_response_unreadable', title, 'Failed to process the AI response'],
    ['invalid_input', title, 'Please try again with a different script'],
    ['internal', title, 'Please try again with a different script'],
  ] as const)('%s', (reason, expectedTitle, description) => {
    expect(sceneGenerationError({ message: 'the server words it its own way', data: { reason } })).toEqual({ title: expectedTitle, description });
  });
  it('reads the status when no reason came (a proxy\'s 401)', () => {
    expect(sceneGenerationError({ status: 401, message: 'x' }).description).toBe('Please log in again to continue');
  });
  it("says what to fix when the server sent the refused script's facts, and the spec's words when it did not", () => {
    const refused = (details: Record<string, unknown>) => sceneGenerationError({ message: 'anything', data: { reason: 'scenes_invalid', details } });
    expect(refused({ validation: 'too_long_for_reel', neededSeconds: 39, reelTime: 20 })).toEqual({
      title: 'Scene Validation Issue',
      description: 'This script needs about 39 seconds of speech, more than a 20-second reel holds. Shorten the script or choose a longer duration.',
    });
    expect(refused({ validation: 'too_short', sceneCount: 3 }).description).toBe('The script is too short to make 3 scenes. Add a few sentences.');
    // The same facts on a REST error object's own details.
    expect(sceneGenerationError({ reason: 'scenes_invalid', details: { validation: 'too_short', sceneCount: 4 } }).description).toBe('The script is too short to make 4 scenes. Add a few sentences.');
    for (const details of [{}, { validation: 'too_long_for_reel', neededSeconds: '39', reelTime: 20 }, { validation: 'too_long_for_reel', neededSeconds: Number.NaN, reelTime: 20 }, { validation: 'other', sceneCount: 3 }]) {
      expect(refused(details).description).toBe(DURATION);
    }
  });
  it('never reads the text: words that once matched fall to the default', () => {
    for (const text of ['Unauthorized', 'Project not found', 'Scene validation failed', 'AI provider error', 'JSON parse error', '']) {
      expect(sceneGenerationError(new Error(text)).description).toBe('Please try again with a different script');
    }
  });
  it('regeneration and save titles', () => {
    expect(sceneRegenerationError({ reason: 'network', message: 'Failed to fetch' })).toEqual({ title: 'Regeneration Failed', description: NETWORK });
    expect(saveScenesError(new Error('Disk full'))).toEqual({ title: 'Error Saving Scenes', description: 'Disk full.' });
    expect(sceneErrorText).toMatchObject({
      title: 'Scene Generation Failed',
      validationTitle: 'Scene Validation Issue',
      regenerationTitle: 'Regeneration Failed',
      saveTitle: 'Error Saving Scenes',
    });
  });
});

describe('voice errors', () => {
  it('preview and voice list', () => {
    expect(voicePreviewError({ reason: 'network', message: 'Failed to fetch' })).toEqual({ title: 'Preview Failed', description: NETWORK });
    expect(voicesFetchError(null)).toEqual({ title: 'Failed to fetch voices', description: GENERIC });
  });
  it('playback blocked by the browser asks to click again', () => {
    const blocked = Object.assign(new Error('play() failed because the user did not interact'), { name: 'NotAllowedError' });
    expect(voicePlaybackError(blocked)).toEqual({
      title: 'Playback Failed',
      description: 'Your browser blocked audio playback. Please click play again.',
    });
    // The error's name decides, not its text.
    expect(voicePlaybackError('NotAllowedError: play() failed').description).toBe('The audio could not be played. Please try again.');
  });
  it('other playback failures', () => {
    expect(voicePlaybackError(new Error('The element has no supported sources.'))).toEqual({
      title: 'Playback Failed',
      description: 'The audio could not be played. Please try again.',
    });
  });
  it('audio element error', () => {
    expect(audioPlaybackError).toEqual({
      title: 'Audio Playback Error',
      description: 'This audio could not be loaded or played. Please try again.',
    });
  });
});

describe('voiceoverError', () => {
  it('credits with the remaining/required sentence', () => {
    expect(voiceoverError({ reason: 'insufficient_credits', message: 'Insufficient credits: You have 2 credits remaining, but 6 credits are required' })).toEqual({
      title: 'Insufficient Credits',
      description:
        'You have 2 credits remaining, but 6 credits are required. Please upgrade your plan or wait for your quota to reset.',
    });
  });
  it('credits without the sentence', () => {
    expect(voiceoverError({ data: { reason: 'quota' }, message: 'You have used all videos of your plan for this period.' })).toEqual({
      title: 'Insufficient Credits',
      description: 'Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.',
    });
  });
  it('invalid speed', () => {
    const expected = { title: 'Invalid Speed Setting', description: 'Use a speed between 0.7x and 1.2x.' };
    expect(voiceoverError({ data: { reason: 'invalid_speed', httpStatus: 400 }, message: 'speed: Invalid Speed Setting: use 0.7x to 1.2x.' })).toEqual(expected);
    expect(voiceoverError({ body: { reason: 'invalid_speed' }, status: 400, message: 'anything' })).toEqual(expected);
  });
  it('the words alone decide nothing', () => {
    expect(voiceoverError('Invalid speed and quota exceeded')).toEqual({ title: 'Voiceover Generation Failed', description: 'Invalid speed and quota exceeded' });
  });
  it('else the server message as is, or the generic message', () => {
    expect(voiceoverError('Voice provider rejected the voice id')).toEqual({
      title: 'Voiceover Generation Failed',
      description: 'Voice provider rejected the voice id',
    });
    expect(voiceoverError('')).toEqual({ title: 'Voiceover Generation Failed', description: GENERIC });
    expect(voiceoverError(undefined).description).toBe(GENERIC);
  });
  it('exports the strings', () => {
    expect(voiceErrorText).toMatchObject({
      previewTitle: 'Preview Failed',
      playbackTitle: 'Playback Failed',
      audioPlaybackTitle: 'Audio Playback Error',
      voicesTitle: 'Failed to fetch voices',
      creditsTitle: 'Insufficient Credits',
      invalidSpeedTitle: 'Invalid Speed Setting',
      invalidSpeed: 'Use a speed between 0.7x and 1.2x.',
    });
  });
});

describe('avatar errors', () => {
  it('titles', () => {
    expect(avatarSuggestionError('boom')).toEqual({ title: 'AI Suggestion Failed', description: 'boom.' });
    expect(avatarGenerationError({ reason: 'rate_limited', message: 'Rate limit' })).toEqual({
      title: 'Generation Failed',
      description: 'Too many requests. Please wait a moment and try again.',
    });
    expect(avatarSelectionError(null).title).toBe('Selection Failed');
    expect(avatarUploadError('x').title).toBe('Upload Failed');
    expect(removeImageError('x').title).toBe('Failed to remove image');
    expect(avatarInvalidFileTypeError).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a JPEG, PNG, GIF, or WebP image.',
    });
    expect(avatarDownloadError).toEqual({
      title: 'Download Failed',
      description: 'Could not download the image. Please try again.',
    });
    expect(avatarErrorText.downloadTitle).toBe('Download Failed');
  });
});

describe('uploads over 10MB', () => {
  it('say the 10MB limit as File Too Large, on the avatar and the product path', () => {
    // The server's body limit (413, with or without our body) and the upload schema's refusal (400, image_too_large).
    const tooLarge = { message: 'Request body is too large', status: 413 };
    expect(avatarUploadError(tooLarge)).toEqual({ title: 'File Too Large', description: 'Please upload an image smaller than 10MB' });
    expect(productUploadError(tooLarge)).toEqual({ title: 'File Too Large', description: 'Please upload an image smaller than 10MB' });
    expect(avatarUploadError({ message: 'Unable to transform response from server', data: { httpStatus: 413 } }).description).toBe(imageTooLargeMessage);
    expect(avatarUploadError({ message: 'image: Please upload an image smaller than 10MB', data: { httpStatus: 400, reason: 'image_too_large' } })).toEqual(avatarFileTooLargeError);
    expect(productUploadError({ message: 'productImage: Please upload an image smaller than 10MB', data: { httpStatus: 400, reason: 'image_too_large' } })).toEqual(productFileTooLargeError);
    expect(avatarUploadError({ message: 'Please upload a JPEG, PNG, GIF, or WebP image.', data: { httpStatus: 400, reason: 'invalid_input' } })).toEqual({ title: 'Upload Failed', description: 'Please upload a JPEG, PNG, GIF, or WebP image.' });
  });
});

describe('product errors', () => {
  it('titles', () => {
    expect(productFileTooLargeError).toEqual({ title: 'File Too Large', description: 'Please upload an image smaller than 10MB' });
    expect(productInvalidFileTypeError).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload an image file (PNG, JPG, etc.)',
    });
    expect(productUploadError('x').title).toBe('Upload Failed');
    expect(productGenerationError('x').title).toBe('Generation Failed');
    expect(productSelectionError('x').title).toBe('Selection Failed');
    expect(productSkipError({ reason: 'unauthorized', message: 'Session expired - please login again' })).toEqual({
      title: 'Failed to Skip',
      description: 'Your session has expired. Please log in again.',
    });
    expect(productErrorText.skipTitle).toBe('Failed to Skip');
  });
});

describe('final video and downloads', () => {
  it('fixed errors', () => {
    expect(downloadFailedError).toEqual({ title: 'Download Failed', description: 'Could not download the video. Please try again.' });
    expect(videoCreationFailedError).toEqual({
      title: 'Video Creation Failed',
      description: 'Please try again with different settings.',
    });
    expect(playlistParseError).toEqual({ title: 'Error', description: 'Cannot parse playlist data' });
    expect(noVideoAvailableError).toEqual({ title: 'No Video Available', description: 'Please create the final video first.' });
    expect(finalVideoErrorText.previewDataMissing).toBe('Video creation completed, but preview data is missing.');
    expect(finalVideoErrorText.videoDataParse).toBe('Unable to parse video data');
  });
  it('downloads locked by the plan', () => {
    expect(downloadLockedError('Free')).toEqual({
      title: 'Upgrade Required',
      description: 'Video downloads are not available on the Free plan',
      action: 'View Plans',
      actionHref: '/pricing',
    });
    expect(downloadLockedError(' Starter ').description).toBe('Video downloads are not available on the Starter plan');
    expect(downloadLockedError(null).description).toBe('Video downloads are not available on the current plan');
    expect(downloadLockedError('').description).toBe('Video downloads are not available on the current plan');
  });
});

describe('projects and plans', () => {
  it('create project failure shows the message', () => {
    expect(createProjectError('Database unavailable')).toEqual({
      title: 'Failed to create project',
      description: 'Database unavailable',
      redirectToPricing: false,
    });
    expect(createProjectError(null).description).toBe(GENERIC);
  });
  it.each(['free_limit', 'quota', 'no_subscription', 'inactive', 'payment_required'] as const)('redirects to pricing for %s', (reason) => {
    const message = 'the server says why';
    expect(createProjectError({ message, data: { reason } })).toMatchObject({ description: message, redirectToPricing: true });
  });
  it.each(['daily_limit', 'project_limit', 'invalid_input', 'internal'] as const)('stays for %s', (reason) => {
    expect(createProjectError({ message: 'Upgrade? Subscribe? Free?', data: { reason } }).redirectToPricing).toBe(false);
  });
  it('words alone do not redirect', () => {
    expect(createProjectError(new Error("You've already created your free video. To create more videos, upgrade your subscription.")).redirectToPricing).toBe(false);
  });
  it('redirect delay and path', () => {
    expect(pricingRedirectDelayMs).toBe(2000);
    expect(pricingPath).toBe('/pricing');
  });
  it('project not found', () => {
    expect(projectNotFoundError).toEqual({
      title: 'Project Not Found',
      description: "This project doesn't exist or you don't have access to it.",
    });
  });
  it('delete failure shows the message and asks for login when unauthorized', () => {
    expect(deleteProjectError('Project is locked')).toEqual({
      title: 'Failed to delete project',
      description: 'Project is locked',
      requiresLogin: false,
    });
    expect(deleteProjectError('401: Unauthorized').requiresLogin).toBe(true);
    expect(deleteProjectError({ data: { reason: 'unauthorized', httpStatus: 401 }, message: 'x' }).requiresLogin).toBe(true);
    expect(deleteProjectError(new Error('Unauthorized')).requiresLogin).toBe(false);
    expect(deleteProjectError({ status: 401, message: 'nope' }).requiresLogin).toBe(true);
  });
  it('checkout, payment confirmation and cancellation', () => {
    expect(checkoutError({ reason: 'network', message: 'Failed to fetch' })).toEqual({ title: 'Checkout Failed', description: NETWORK });
    expect(paymentConfirmationError).toEqual({
      title: 'Payment confirmation failed',
      description: 'Failed to confirm payment. Please contact support.',
    });
    expect(cancellationError('Only an active subscription can be cancelled.')).toEqual({
      title: 'Cancellation Failed',
      description: 'Only an active subscription can be cancelled.',
    });
    expect(projectErrorText.shareLinkNotFound).toBe('Share link not found');
  });
});

describe('toasts', () => {
  it('share failure and successes', () => {
    expect(shareLinkError).toEqual({ title: 'Failed to create share link', description: 'Please try again later' });
    expect(toastText).toEqual({
      shareFailedTitle: 'Failed to create share link',
      shareFailed: 'Please try again later',
      shareLinkCopied: 'Share link copied!',
      projectIdCopied: 'Project ID copied',
      projectDeleted: 'Project deleted',
      projectDeletedSuccessfully: 'Project deleted successfully',
    });
  });
});
