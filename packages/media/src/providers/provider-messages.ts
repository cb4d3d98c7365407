// What the customer reads when a provider call fails, worded so the browser's §8 mappers
// (sceneGenerationError, classifyError) land on the matching title. Internals stay in the log.
import type { Capability, ProviderErrorKind } from './provider-error.ts';

/** The spec's scene-generation strings, with the words the browser's scene mapper looks for. */
export const LLM_MESSAGES = {
  unavailable: 'AI service temporarily unavailable (AI provider error). Please try again in a few minutes.',
  parse: 'Failed to process the AI response (the reply was not valid JSON for scenes). Please try again.',
} as const;

const byCapability: Record<Exclude<Capability, 'llm'>, Partial<Record<ProviderErrorKind, string>> & { fallback: string }> = {
  tts: {
    rate_limited: 'Too many requests to the voice service. Please wait a moment and try again.',
    timeout: 'The voice service timed out. Please try again.',
    rejected: 'The voice service could not read this text. Please shorten or rephrase the scene and try again.',
    fallback: 'AI service temporarily unavailable: the voice service could not be reached. Please try again in a few minutes.',
  },
  image: {
    rate_limited: 'The avatar service is busy (too many requests). Please wait a minute and try again.',
    timeout: 'Avatar generation timed out. Please try again; a shorter description usually generates faster.',
    model_unavailable: 'The avatar model is unavailable right now. Please try again in a few minutes.',
    rejected: 'Invalid prompt: the image service rejected this description. Please rephrase it and try again.',
    fallback: 'AI service temporarily unavailable: the avatar service could not be reached. Please try again in a few minutes.',
  },
  video: {
    rate_limited: 'The lip sync service is busy (too many requests). Please wait a minute and try again.',
    timeout: 'Video generation timed out. Please try again.',
    model_unavailable: 'The video model is unavailable right now. Please try again in a few minutes.',
    rejected: 'The video service rejected this scene. Please regenerate the voiceover or choose another avatar and try again.',
    fallback: 'AI service temporarily unavailable: the video service could not be reached. Please try again in a few minutes.',
  },
};

/** The spec's insufficient-credits sentence (§8, user-facing mapper). */
export const INSUFFICIENT_CREDITS_MESSAGE = 'Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.';

/**
 * The customer's message for a failed provider call. Out of credit at the provider (any provider's
 * documented shape) is its own class: the spec's insufficient-credits message, never retried, and
 * operators see it in the admin provider overview (issue 14 supersedes the earlier "reads as an
 * outage" choice of docs/decisions.md).
 */
export function providerErrorMessage(capability: Capability, kind: ProviderErrorKind): string {
  if (kind === 'insufficient_credits') return INSUFFICIENT_CREDITS_MESSAGE;
  if (capability === 'llm') return kind === 'bad_output' ? LLM_MESSAGES.parse : LLM_MESSAGES.unavailable;
  const table = byCapability[capability];
  if (kind === 'bad_output') return `${table.fallback.replace(/could not be reached/, 'returned an unusable result')}`;
  return table[kind] ?? table.fallback;
}
