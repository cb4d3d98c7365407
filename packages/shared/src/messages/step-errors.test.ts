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
    ['Unauthorized', title, 'Please log in again to continue'],
    ['401: {"message":"Unauthorized"}', title, 'Please log in again to continue'],
    ['Project not found', title, 'Project not found. Please refresh the page'],
    ['404: {"error":"Project not found"}', title, 'Project not found. Please refresh the page'],
    ['Scene validation failed: scene 2 is 3s', 'Scene Validation Issue', DURATION],
    ['AI provider error: upstream 500', title, 'AI service temporarily unavailable'],
    ['Provider error', title, 'AI service temporarily unavailable'],
    ['Failed to parse scenes', title, 'Failed to process the AI response'],
    ['Unexpected token < in JSON at position 0', title, 'Failed to process the AI response'],
    ['Something else', title, 'Please try again with a different script'],
    ['', title, 'Please try again with a different script'],
  ])('%s', (message, expectedTitle, description) => {
    expect(sceneGenerationError(message)).toEqual({ title: expectedTitle, description });
  });
  it('keeps the order: unauthorized, not found, validation, provider, parse', () => {
    expect(sceneGenerationError('Unauthorized: project not found').description).toBe('Please log in again to continue');
    expect(sceneGenerationError('Project not found during validation failed').description).toBe(
      'Project not found. Please refresh the page',
    );
    expect(sceneGenerationError('Validation failed: AI provider error').title).toBe('Scene Validation Issue');
    expect(sceneGenerationError('AI provider error: could not parse JSON').description).toBe(
      'AI service temporarily unavailable',
    );
  });
  it('reads statuses and Error objects', () => {
    expect(sceneGenerationError({ status: 401, message: 'x' }).description).toBe('Please log in again to continue');
    expect(sceneGenerationError(new Error('JSON parse error')).description).toBe('Failed to process the AI response');
  });
  it('a plain "not found" is not a project not found', () => {
    expect(sceneGenerationError('Template not found').description).toBe('Please try again with a different script');
  });
  it('regeneration and save titles', () => {
    expect(sceneRegenerationError('Failed to fetch')).toEqual({ title: 'Regeneration Failed', description: NETWORK });
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
    expect(voicePreviewError('Failed to fetch')).toEqual({ title: 'Preview Failed', description: NETWORK });
    expect(voicesFetchError(null)).toEqual({ title: 'Failed to fetch voices', description: GENERIC });
  });
  it('playback blocked by the browser asks to click again', () => {
    const blocked = Object.assign(new Error('play() failed because the user did not interact'), { name: 'NotAllowedError' });
    expect(voicePlaybackError(blocked)).toEqual({
      title: 'Playback Failed',
      description: 'Your browser blocked audio playback. Please click play again.',
    });
    expect(voicePlaybackError('NotAllowedError: play() failed').description).toBe(
      'Your browser blocked audio playback. Please click play again.',
    );
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
    expect(voiceoverError('Insufficient credits: You have 2 credits remaining, but 6 credits are required')).toEqual({
      title: 'Insufficient Credits',
      description:
        'You have 2 credits remaining, but 6 credits are required. Please upgrade your plan or wait for your quota to reset.',
    });
  });
  it('credits without the sentence', () => {
    expect(voiceoverError('Quota exceeded')).toEqual({
      title: 'Insufficient Credits',
      description: 'Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.',
    });
  });
  it('invalid speed', () => {
    const expected = { title: 'Invalid Speed Setting', description: 'Use a speed between 0.7x and 1.2x.' };
    expect(voiceoverError('Invalid speed: 1.5')).toEqual(expected);
    expect(voiceoverError('Speed must be between 0.7 and 1.2')).toEqual(expected);
  });
  it('credits win over invalid speed', () => {
    expect(voiceoverError('Invalid speed and quota exceeded').title).toBe('Insufficient Credits');
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
    expect(avatarGenerationError('Rate limit')).toEqual({
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

describe('uploads over the server body limit (413)', () => {
  it('say the 10MB limit as File Too Large, on the avatar and the product path', () => {
    const tooLarge = { message: 'Request body is too large', status: 413 };
    expect(avatarUploadError(tooLarge)).toEqual({ title: 'File Too Large', description: 'Please upload an image smaller than 10MB' });
    expect(productUploadError(tooLarge)).toEqual({ title: 'File Too Large', description: 'Please upload an image smaller than 10MB' });
    expect(avatarUploadError({ message: 'Unable to transform response from server', status: 413 }).description).toBe(imageTooLargeMessage);
    // Under the body limit but over 10MB: the upload schema's 400, with its field name in front.
    expect(avatarUploadError({ message: 'image: Please upload an image smaller than 10MB', status: 400 })).toEqual(avatarFileTooLargeError);
    expect(productUploadError({ message: 'productImage: Please upload an image smaller than 10MB', status: 400 })).toEqual(productFileTooLargeError);
    expect(avatarUploadError({ message: 'Please upload a JPEG, PNG, GIF, or WebP image.', status: 400 })).toEqual({ title: 'Upload Failed', description: 'Please upload a JPEG, PNG, GIF, or WebP image.' });
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
    expect(productSkipError('Unauthorized')).toEqual({
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
  it.each([
    "You've already created your free video. To create more videos, upgrade your subscription.",
    'Free plan allows one project',
    'Subscribe to a plan to create videos',
    'Please Upgrade',
  ])('redirects to pricing for %s', (message) => {
    expect(createProjectError(new Error(message))).toMatchObject({ description: message, redirectToPricing: true });
  });
  it('does not redirect for words that merely contain free', () => {
    expect(createProjectError('Lock-freeze detected').redirectToPricing).toBe(false);
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
    expect(deleteProjectError({ status: 401, message: 'nope' }).requiresLogin).toBe(true);
  });
  it('checkout, payment confirmation and cancellation', () => {
    expect(checkoutError('Failed to fetch')).toEqual({ title: 'Checkout Failed', description: NETWORK });
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
