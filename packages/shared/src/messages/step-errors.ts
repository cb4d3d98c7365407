// The titled errors and toasts of §8, area by area. Every literal string is exported once, grouped by
// area, so UI code never retypes it; the functions choose among them from the error's reason code
// (reasons.ts), never from its text.

import { sceneProblems } from '../scene-plan.ts';
import type { Reason } from '../reasons.ts';
import { genericErrorMessage, insufficientCreditsMessage, isCreditsReason, readError, toUserMessage } from './user-message.ts';

export interface TitledError {
  title: string;
  description: string;
}

/** A description from the server's message as is (trimmed), else the generic message. */
function serverMessage(error: unknown): string {
  const { text } = readError(error);
  return text === '' ? genericErrorMessage : text;
}

// ——— Scene generation (Step 1) ———

export const sceneErrorText = {
  title: 'Scene Generation Failed',
  validationTitle: 'Scene Validation Issue',
  regenerationTitle: 'Regeneration Failed',
  saveTitle: 'Error Saving Scenes',
  unauthorized: 'Please log in again to continue',
  projectNotFound: 'Project not found. Please refresh the page',
  validationFailed: 'The generated scenes did not meet the duration requirements. Please try again or adjust your script.',
  aiProvider: 'AI service temporarily unavailable',
  parse: 'Failed to process the AI response',
  fallback: 'Please try again with a different script',
} as const;

/**
 * Scene generation, by reason: unauthorized → project not found → scenes invalid (own title) → AI
 * unavailable → unreadable AI answer → 'Please try again with a different script'.
 */
export function sceneGenerationError(error: unknown): TitledError {
  const { reason, details } = readError(error);
  const title = sceneErrorText.title;
  switch (reason) {
    case 'unauthorized':
      return { title, description: sceneErrorText.unauthorized };
    case 'project_not_found':
    case 'not_found':
      return { title, description: sceneErrorText.projectNotFound };
    case 'scenes_invalid':
      return { title: sceneErrorText.validationTitle, description: sceneProblem(details) ?? sceneErrorText.validationFailed };
    case 'ai_unavailable':
      return { title, description: sceneErrorText.aiProvider };
    case 'ai_response_unreadable':
      return { title, description: sceneErrorText.parse };
    default:
      return { title, description: sceneErrorText.fallback };
  }
}

/**
 * What to fix, from the facts the server sent with a refused script (issue 20): the speech the script
 * needs against the reel, or the scenes it is too short for. Without them, the spec's general words.
 */
function sceneProblem(details: Record<string, unknown> | undefined): string | undefined {
  const number = (name: string) => (typeof details?.[name] === 'number' && Number.isFinite(details[name]) ? (details[name] as number) : undefined);
  const needed = number('neededSeconds');
  const reelTime = number('reelTime');
  const sceneCount = number('sceneCount');
  let problem: string | undefined;
  if (details?.['validation'] === 'too_long_for_reel' && needed !== undefined && reelTime !== undefined) problem = sceneProblems.tooLongForReel(needed, reelTime);
  if (details?.['validation'] === 'too_short' && sceneCount !== undefined) problem = sceneProblems.tooShortForScenes(sceneCount);
  return problem && problem.charAt(0).toUpperCase() + problem.slice(1);
}

export function sceneRegenerationError(error: unknown): TitledError {
  return { title: sceneErrorText.regenerationTitle, description: toUserMessage(error) };
}

export function saveScenesError(error: unknown): TitledError {
  return { title: sceneErrorText.saveTitle, description: toUserMessage(error) };
}

// ——— Voice (Step 2) ———

export const voiceErrorText = {
  previewTitle: 'Preview Failed',
  playbackTitle: 'Playback Failed',
  playbackBlocked: 'Your browser blocked audio playback. Please click play again.',
  playbackFallback: 'The audio could not be played. Please try again.',
  audioPlaybackTitle: 'Audio Playback Error',
  audioPlaybackDescription: 'This audio could not be loaded or played. Please try again.',
  voicesTitle: 'Failed to fetch voices',
  voiceoverTitle: 'Voiceover Generation Failed',
  creditsTitle: 'Insufficient Credits',
  invalidSpeedTitle: 'Invalid Speed Setting',
  invalidSpeed: 'Use a speed between 0.7x and 1.2x.',
} as const;

export function voicePreviewError(error: unknown): TitledError {
  return { title: voiceErrorText.previewTitle, description: toUserMessage(error) };
}

/** 'Playback Failed'; a NotAllowedError (autoplay blocked by the browser) asks the user to click again. */
export function voicePlaybackError(error: unknown): TitledError {
  const { name } = readError(error);
  const blocked = name === 'NotAllowedError';
  return {
    title: voiceErrorText.playbackTitle,
    description: blocked ? voiceErrorText.playbackBlocked : voiceErrorText.playbackFallback,
  };
}

/** An audio element reported an error while loading or playing. */
export const audioPlaybackError: TitledError = {
  title: voiceErrorText.audioPlaybackTitle,
  description: voiceErrorText.audioPlaybackDescription,
};

export function voicesFetchError(error: unknown): TitledError {
  return { title: voiceErrorText.voicesTitle, description: toUserMessage(error) };
}

/**
 * Voiceover, by reason: credits → 'Insufficient Credits' (with the 'You have N credits remaining, but
 * M credits are required' sentence when the server's text holds it) → invalid speed → the server's
 * message as is, else 'An error occurred. Please try again.'
 */
export function voiceoverError(error: unknown): TitledError {
  const { text, reason } = readError(error);
  if (isCreditsReason(reason)) {
    return { title: voiceErrorText.creditsTitle, description: insufficientCreditsMessage(text) };
  }
  if (reason === 'invalid_speed') {
    return { title: voiceErrorText.invalidSpeedTitle, description: voiceErrorText.invalidSpeed };
  }
  return { title: voiceErrorText.voiceoverTitle, description: serverMessage(error) };
}

// ——— Avatar (Step 3) ———

/** Any image upload over 10 MB, wherever it is caught: the browser, the upload schema or the server's body limit. */
export const imageTooLargeMessage = 'Please upload an image smaller than 10MB';

export const avatarErrorText = {
  suggestionTitle: 'AI Suggestion Failed',
  generationTitle: 'Generation Failed',
  selectionTitle: 'Selection Failed',
  uploadTitle: 'Upload Failed',
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: imageTooLargeMessage,
  invalidFileTypeTitle: 'Invalid File Type',
  invalidFileType: 'Please upload a JPEG, PNG, GIF, or WebP image.',
  removeImageTitle: 'Failed to remove image',
  downloadTitle: 'Download Failed',
  downloadImage: 'Could not download the image. Please try again.',
} as const;

export function avatarSuggestionError(error: unknown): TitledError {
  return { title: avatarErrorText.suggestionTitle, description: toUserMessage(error) };
}
export function avatarGenerationError(error: unknown): TitledError {
  return { title: avatarErrorText.generationTitle, description: toUserMessage(error) };
}
export function avatarSelectionError(error: unknown): TitledError {
  return { title: avatarErrorText.selectionTitle, description: toUserMessage(error) };
}
export const avatarFileTooLargeError: TitledError = {
  title: avatarErrorText.fileTooLargeTitle,
  description: avatarErrorText.fileTooLarge,
};
/** The server's body limit (413) and the upload schema's size refusal both carry `image_too_large`. */
function isTooLarge(error: unknown): boolean {
  const { reason } = readError(error);
  return reason === 'image_too_large' || reason === 'too_large';
}
export function avatarUploadError(error: unknown): TitledError {
  if (isTooLarge(error)) return avatarFileTooLargeError;
  return { title: avatarErrorText.uploadTitle, description: toUserMessage(error) };
}
export const avatarInvalidFileTypeError: TitledError = {
  title: avatarErrorText.invalidFileTypeTitle,
  description: avatarErrorText.invalidFileType,
};
export function removeImageError(error: unknown): TitledError {
  return { title: avatarErrorText.removeImageTitle, description: toUserMessage(error) };
}
export const avatarDownloadError: TitledError = {
  title: avatarErrorText.downloadTitle,
  description: avatarErrorText.downloadImage,
};

// ——— Product (Step 4) ———

export const productErrorText = {
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: imageTooLargeMessage,
  invalidFileTypeTitle: 'Invalid File Type',
  invalidFileType: 'Please upload an image file (PNG, JPG, etc.)',
  uploadTitle: 'Upload Failed',
  generationTitle: 'Generation Failed',
  selectionTitle: 'Selection Failed',
  skipTitle: 'Failed to Skip',
} as const;

export const productFileTooLargeError: TitledError = {
  title: productErrorText.fileTooLargeTitle,
  description: productErrorText.fileTooLarge,
};
export const productInvalidFileTypeError: TitledError = {
  title: productErrorText.invalidFileTypeTitle,
  description: productErrorText.invalidFileType,
};
export function productUploadError(error: unknown): TitledError {
  if (isTooLarge(error)) return productFileTooLargeError;
  return { title: productErrorText.uploadTitle, description: toUserMessage(error) };
}
export function productGenerationError(error: unknown): TitledError {
  return { title: productErrorText.generationTitle, description: toUserMessage(error) };
}
export function productSelectionError(error: unknown): TitledError {
  return { title: productErrorText.selectionTitle, description: toUserMessage(error) };
}
export function productSkipError(error: unknown): TitledError {
  return { title: productErrorText.skipTitle, description: toUserMessage(error) };
}

// ——— Final video and downloads (Step 6) ———

export const finalVideoErrorText = {
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'Could not download the video. Please try again.',
  creationFailedTitle: 'Video Creation Failed',
  creationFailed: 'Please try again with different settings.',
  previewDataMissing: 'Video creation completed, but preview data is missing.',
  playlistParseTitle: 'Error',
  playlistParse: 'Cannot parse playlist data',
  videoDataParse: 'Unable to parse video data',
  upgradeRequiredTitle: 'Upgrade Required',
  viewPlans: 'View Plans',
  noVideoTitle: 'No Video Available',
  noVideo: 'Please create the final video first.',
} as const;

export const downloadFailedError: TitledError = {
  title: finalVideoErrorText.downloadFailedTitle,
  description: finalVideoErrorText.downloadFailed,
};
export const videoCreationFailedError: TitledError = {
  title: finalVideoErrorText.creationFailedTitle,
  description: finalVideoErrorText.creationFailed,
};
/** 'Error: Cannot parse playlist data'. */
export const playlistParseError: TitledError = {
  title: finalVideoErrorText.playlistParseTitle,
  description: finalVideoErrorText.playlistParse,
};
export const noVideoAvailableError: TitledError = {
  title: finalVideoErrorText.noVideoTitle,
  description: finalVideoErrorText.noVideo,
};

export interface ActionableError extends TitledError {
  action: string;
  actionHref: string;
}

/** 'Upgrade Required: Video downloads are not available on the {plan} plan' with a 'View Plans' action. */
export function downloadLockedError(planName: string | null | undefined): ActionableError {
  const plan = planName?.trim() || 'current';
  return {
    title: finalVideoErrorText.upgradeRequiredTitle,
    description: `Video downloads are not available on the ${plan} plan`,
    action: finalVideoErrorText.viewPlans,
    actionHref: '/pricing',
  };
}

// ——— Projects and plans ———

export const projectErrorText = {
  createTitle: 'Failed to create project',
  notFoundTitle: 'Project Not Found',
  notFound: "This project doesn't exist or you don't have access to it.",
  deleteTitle: 'Failed to delete project',
  checkoutTitle: 'Checkout Failed',
  paymentConfirmationTitle: 'Payment confirmation failed',
  paymentConfirmation: 'Failed to confirm payment. Please contact support.',
  cancellationTitle: 'Cancellation Failed',
  shareLinkNotFound: 'Share link not found',
} as const;

/** How long the 'Failed to create project' toast stays before the user is sent to /pricing. */
export const pricingRedirectDelayMs = 2000;
export const pricingPath = '/pricing';

export interface CreateProjectError extends TitledError {
  /** A plan stands in the way (free video used, quota used, no plan): go to `pricingPath` after `pricingRedirectDelayMs`. */
  redirectToPricing: boolean;
}

/** The refusals whose message asks the customer to choose or upgrade a plan (§8: 'mentions free, Subscribe or Upgrade'). */
const planReasons: ReadonlySet<Reason | undefined> = new Set<Reason>(['free_limit', 'quota', 'no_subscription', 'inactive', 'payment_required']);

export function createProjectError(error: unknown): CreateProjectError {
  const { reason } = readError(error);
  return {
    title: projectErrorText.createTitle,
    description: serverMessage(error),
    redirectToPricing: planReasons.has(reason),
  };
}

export const projectNotFoundError: TitledError = {
  title: projectErrorText.notFoundTitle,
  description: projectErrorText.notFound,
};

export interface DeleteProjectError extends TitledError {
  /** Unauthorized: send the user to sign in again. */
  requiresLogin: boolean;
}

/** The delete toast shows the server's message; an unauthorized error also triggers the login redirect. */
export function deleteProjectError(error: unknown): DeleteProjectError {
  const { reason } = readError(error);
  return {
    title: projectErrorText.deleteTitle,
    description: serverMessage(error),
    requiresLogin: reason === 'unauthorized',
  };
}

export function checkoutError(error: unknown): TitledError {
  return { title: projectErrorText.checkoutTitle, description: toUserMessage(error) };
}

export const paymentConfirmationError: TitledError = {
  title: projectErrorText.paymentConfirmationTitle,
  description: projectErrorText.paymentConfirmation,
};

export function cancellationError(error: unknown): TitledError {
  return { title: projectErrorText.cancellationTitle, description: toUserMessage(error) };
}

// ——— Toasts ———

export const toastText = {
  shareFailedTitle: 'Failed to create share link',
  shareFailed: 'Please try again later',
  shareLinkCopied: 'Share link copied!',
  projectIdCopied: 'Project ID copied',
  projectDeleted: 'Project deleted',
  projectDeletedSuccessfully: 'Project deleted successfully',
} as const;

export const shareLinkError: TitledError = {
  title: toastText.shareFailedTitle,
  description: toastText.shareFailed,
};
