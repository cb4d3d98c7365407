// The generic classifier of §8: a failure's text mapped to a titled error with a suggestion, used
// mainly around video generation. Pure and case-insensitive.
//
// Precedence (first match wins; specific before general so overlapping words land right):
//    1. script too long            ('script' with 'too long' / 'exceeds' / 'maximum length')
//    2. text too long              ('text' with the same words; after 1, so 'script text too long' is a script)
//    3. AI unavailable             ('AI service unavailable', 'AI provider', 'OpenAI')
//    4. avatar timeout             ('avatar' with 'timeout' / 'timed out')
//    5. invalid prompt             ('invalid prompt', 'prompt rejected', 'content policy', 'safety')
//    6. avatar busy                ('avatar' with 'busy' / 'overloaded' / 'capacity' / 'queue')
//    7. avatar required            ('avatar' with 'required' / 'missing' / 'no avatar' / 'select an avatar')
//    8. audio required             ('audio' or 'voiceover' with 'required' / 'missing', 'no audio')
//    9. storage quota              ('storage' with 'quota' / 'full' / 'limit' / 'exceeded'; before 10 and 18)
//   10. voice limit                ('voice' with 'limit' / 'quota'; before 17 and 18)
//   11. lip sync busy              ('lip sync' / 'lipsync' with 'busy' / 'overloaded' / 'capacity' / 'unavailable')
//   12. lip sync mismatch          ('lip sync' with 'mismatch' / 'duration' / 'length', or 'audio ... mismatch')
//   13. missing videos             ('missing videos', 'videos missing', 'no videos')
//   14. merge failed               ('merge' / 'merging' / 'concat')
//   15. video timeout              (any other 'timeout' / 'timed out')
//   16. model unavailable          ('model' with 'unavailable' / 'not available' / 'offline' / 'deprecated')
//   17. network                    ('network', 'failed to fetch', 'fetch failed', 'ECONNREFUSED', 'ECONNRESET')
//   18. too many requests          ('too many requests', 'rate limit', '429')
//   19. insufficient credits       ('insufficient credits', 'not enough credits', 'quota')
//   20. storage error              (any other 'storage' / 'bucket' / 'upload failed')
//   21. default 'Video Generation Failed' with the user-facing message of the text

import { SCENE_TEXT_MAX_CHARS, SCRIPT_MAX_CHARS } from '../constants.ts';
import { errorPatterns, insufficientCreditsMessage, isCreditsText, toUserMessage } from './user-message.ts';

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

const tooLong = /too long|exceeds?|maximum length|max(?:imum)? (?:of )?\d+ characters/i;
const timeout = /\btime[ds]? ?out\b|etimedout/i;
const busy = /busy|overloaded|capacity|queue/i;
const lipSync = /lip[ -]?sync/i;

/** The titled error for a failure's text; see the precedence at the top of this file. */
export function classifyError(message: string): ClassifiedError {
  const text = message.trim();
  const has = (pattern: RegExp) => pattern.test(text);
  const e = classifiedErrors;

  if (has(/\bscript\b/i) && has(tooLong)) return e.scriptTooLong;
  if (has(/\btext\b/i) && has(tooLong)) return e.textTooLong;
  if (has(/\bai (?:service )?(?:is )?(?:temporarily )?unavailable|\bai provider|openai/i)) return e.aiUnavailable;
  if (has(/avatar/i) && has(timeout)) return e.avatarTimeout;
  if (has(/invalid prompt|prompt (?:was )?rejected|content policy|safety/i)) return e.invalidPrompt;
  if (has(/avatar/i) && has(busy)) return e.avatarBusy;
  if (has(/no avatar|select an avatar/i) || (has(/avatar/i) && has(/required|missing/i))) return e.avatarRequired;
  if (has(/no audio/i) || (has(/audio|voiceover/i) && has(/required|missing/i))) return e.audioRequired;
  if (has(/storage/i) && has(/quota|full|limit|exceeded/i)) return e.storageQuota;
  if (has(/voice/i) && has(/limit|quota/i)) return e.voiceLimit;
  if (has(lipSync) && has(/busy|overloaded|capacity|unavailable/i)) return e.lipSyncBusy;
  if ((has(lipSync) && has(/mismatch|duration|length/i)) || has(/audio.*mismatch|mismatch.*audio/i)) return e.lipSyncMismatch;
  if (has(/missing (?:scene )?videos?|videos? (?:are |is )?missing|no videos/i)) return e.missingVideos;
  if (has(/merg(?:e|ing)|concat/i)) return e.mergeFailed;
  if (has(timeout)) return e.videoTimeout;
  if (has(/model/i) && has(/unavailable|not available|offline|deprecated/i)) return e.modelUnavailable;
  if (has(errorPatterns.network)) return e.network;
  if (has(errorPatterns.rateLimit)) return e.tooManyRequests;
  if (isCreditsText(text)) {
    return { ...e.insufficientCredits, description: creditsDescription(text) };
  }
  if (has(/storage|bucket|upload failed/i)) return e.storageError;
  return { ...e.videoGenerationFailed, description: toUserMessage(text) };
}

/** The 'You have N credits remaining, but M credits are required.' sentence when present. */
function creditsDescription(text: string): string {
  const full = insufficientCreditsMessage(text);
  const sentence = /^You have .*? required\./i.exec(full);
  return sentence ? sentence[0] : classifiedErrors.insufficientCredits.description;
}
