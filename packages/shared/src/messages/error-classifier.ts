// The generic classifier of §8: a failure mapped to a titled error with a suggestion, used mainly
// around video generation. The server names the failure with a reason code (a failed job's `reason`,
// an error answer's `reason`); this maps each code to the spec's copy through one table, and never
// reads the message text to decide (the text is only shown, for failures without a titled error).

import { SCENE_TEXT_MAX_CHARS, SCRIPT_MAX_CHARS } from '../constants.ts';
import type { Reason } from '../reasons.ts';
import { insufficientCreditsMessage, readError, toUserMessage } from './user-message.ts';

export interface ClassifiedError {
  title: string;
  description: string;
  suggestion: string;
}

export const classifiedErrors = {
  scriptTooLong: {
    title: 'Script Too Long',
    description: 'Your script is longer than the AI can process in one go.',
    suggestion: `Shorten your script to under ${SCRIPT_MAX_CHARS} characters and try again.`,
  },
  aiUnavailable: {
    title: 'AI Service Unavailable',
    description: 'The AI service is temporarily unavailable.',
    suggestion: 'Please wait a few minutes and try again.',
  },
  avatarTimeout: {
    title: 'Avatar Generation Timed Out',
    description: 'Creating your avatar took longer than expected.',
    suggestion: 'Please try again. A shorter, simpler avatar description usually generates faster.',
  },
  invalidPrompt: {
    title: 'Invalid Avatar Description',
    description: 'The avatar description could not be used to create an image.',
    suggestion: 'Rephrase the description, avoiding real people, brand names and sensitive content.',
  },
  avatarBusy: {
    title: 'Avatar Service Busy',
    description: 'The avatar service is handling many requests right now.',
    suggestion: 'Please wait a minute and try again.',
  },
  voiceLimit: {
    title: 'Voice Limit Reached',
    description: 'The voice generation limit has been reached.',
    suggestion: 'Please wait a while before generating more voiceovers, or upgrade your plan.',
  },
  textTooLong: {
    title: 'Text Too Long',
    description: 'A scene has more text than the voice service can read in one clip.',
    suggestion: `Keep each scene's text under ${SCENE_TEXT_MAX_CHARS} characters and try again.`,
  },
  audioRequired: {
    title: 'Voiceover Required',
    description: 'A scene has no voiceover audio yet.',
    suggestion: 'Generate the voiceover in Step 2 before generating videos.',
  },
  avatarRequired: {
    title: 'Avatar Required',
    description: 'No avatar has been selected for this project.',
    suggestion: 'Choose an avatar in Step 3 before generating videos.',
  },
  videoTimeout: {
    title: 'Video Generation Timed Out',
    description: 'Generating the video took longer than expected.',
    suggestion: 'Video generation usually takes 3 to 5 minutes. Please try again; if it keeps failing, try standard quality.',
  },
  modelUnavailable: {
    title: 'AI Model Unavailable',
    description: 'The selected AI video model is not available right now.',
    suggestion: 'Please try again in a few minutes.',
  },
  lipSyncBusy: {
    title: 'Lip Sync Service Busy',
    description: 'The lip sync service is handling many requests right now.',
    suggestion: 'Please wait a minute and try again.',
  },
  lipSyncMismatch: {
    title: 'Lip Sync Mismatch',
    description: "The voiceover and the video of a scene don't line up.",
    suggestion: 'Regenerate the voiceover for the affected scene, then generate the videos again.',
  },
  mergeFailed: {
    title: 'Video Merge Failed',
    description: 'The scene videos could not be combined into the final video.',
    suggestion: 'Please try again. If it keeps failing, regenerate the scene videos in Step 5.',
  },
  missingVideos: {
    title: 'Missing Scene Videos',
    description: 'Some scenes do not have a video yet.',
    suggestion: 'Generate a video for every scene in Step 5, then create the final video.',
  },
  storageQuota: {
    title: 'Storage Limit Reached',
    description: 'There is no storage space left for new files.',
    suggestion: 'Delete projects you no longer need, or upgrade your plan.',
  },
  storageError: {
    title: 'Storage Error',
    description: 'Your file could not be saved.',
    suggestion: 'Please try again in a moment.',
  },
  network: {
    title: 'Network Error',
    description: 'The server could not be reached.',
    suggestion: 'Check your internet connection and try again.',
  },
  tooManyRequests: {
    title: 'Too Many Requests',
    description: 'You have sent too many requests in a short time.',
    suggestion: 'Please wait a moment and try again.',
  },
  insufficientCredits: {
    title: 'Insufficient Credits',
    description: 'Your account does not have enough credits for this.',
    suggestion: 'Upgrade your plan or wait for your quota to reset.',
  },
  videoGenerationFailed: {
    title: 'Video Generation Failed',
    description: 'An error occurred. Please try again.',
    suggestion: 'Please try again. If the problem persists, contact support.',
  },
} as const satisfies Record<string, ClassifiedError>;

/** The titled error of each reason the classifier names; any other reason is 'Video Generation Failed'. */
export const classifiedErrorByReason: Readonly<Partial<Record<Reason, ClassifiedError>>> = {
  script_too_long: classifiedErrors.scriptTooLong,
  text_too_long: classifiedErrors.textTooLong,
  ai_unavailable: classifiedErrors.aiUnavailable,
  avatar_timeout: classifiedErrors.avatarTimeout,
  invalid_prompt: classifiedErrors.invalidPrompt,
  avatar_busy: classifiedErrors.avatarBusy,
  avatar_required: classifiedErrors.avatarRequired,
  audio_required: classifiedErrors.audioRequired,
  storage_quota: classifiedErrors.storageQuota,
  voice_limit: classifiedErrors.voiceLimit,
  lip_sync_busy: classifiedErrors.lipSyncBusy,
  lip_sync_mismatch: classifiedErrors.lipSyncMismatch,
  missing_videos: classifiedErrors.missingVideos,
  merge_failed: classifiedErrors.mergeFailed,
  video_timeout: classifiedErrors.videoTimeout,
  timeout: classifiedErrors.videoTimeout,
  model_unavailable: classifiedErrors.modelUnavailable,
  network: classifiedErrors.network,
  rate_limited: classifiedErrors.tooManyRequests,
  insufficient_credits: classifiedErrors.insufficientCredits,
  quota: classifiedErrors.insufficientCredits,
  storage_error: classifiedErrors.storageError,
};

/**
 * The titled error of a failure: anything `readError` reads (an error, `{ message, reason }` of a
 * failed job). Credits keep the 'You have N credits remaining, but M credits are required.' sentence
 * when the text holds it; a reason without a titled error shows the text as the §8 mapper words it.
 */
export function classifyError(error: unknown): ClassifiedError {
  const facts = readError(error);
  const titled = facts.reason === undefined ? undefined : classifiedErrorByReason[facts.reason];
  if (titled === classifiedErrors.insufficientCredits) return { ...titled, description: creditsDescription(facts.text) };
  if (titled) return titled;
  return { ...classifiedErrors.videoGenerationFailed, description: toUserMessage(error) };
}

/** The 'You have N credits remaining, but M credits are required.' sentence when present. */
function creditsDescription(text: string): string {
  const full = insufficientCreditsMessage(text);
  const sentence = /^You have .*? required\./i.exec(full);
  return sentence ? sentence[0] : classifiedErrors.insufficientCredits.description;
}
