// Why a provider call or a generation step failed, as the stable reason code the browser maps to the
// spec's titled errors (§8). Decided here, where the failure's type is known, so no client ever has
// to read message text to tell a busy avatar service from a lip-sync mismatch.
import type { GenerationKind } from '@reelsmith/db';
import { isProviderError, type Capability, type ProviderErrorKind } from '@reelsmith/media';
import { AppError, type Reason } from '@reelsmith/shared';
import { capabilityOfStep } from './generation-costs.ts';

const byCapability: Readonly<Record<Capability, Partial<Record<ProviderErrorKind, Reason>> & { fallback: Reason }>> = {
  llm: { bad_output: 'ai_response_unreadable', fallback: 'ai_unavailable' },
  tts: { rate_limited: 'rate_limited', timeout: 'timeout', rejected: 'unprocessable', bad_output: 'generation_failed', fallback: 'ai_unavailable' },
  image: { rate_limited: 'avatar_busy', timeout: 'avatar_timeout', model_unavailable: 'model_unavailable', rejected: 'invalid_prompt', bad_output: 'generation_failed', fallback: 'ai_unavailable' },
  video: { rate_limited: 'lip_sync_busy', timeout: 'video_timeout', model_unavailable: 'model_unavailable', rejected: 'generation_failed', bad_output: 'generation_failed', fallback: 'ai_unavailable' },
};

/** The reason of a failed provider call: out of credit is one reason for every capability. */
export function providerFailureReason(capability: Capability, kind: ProviderErrorKind): Reason {
  if (kind === 'insufficient_credits') return 'insufficient_credits';
  const table = byCapability[capability];
  return table[kind] ?? table.fallback;
}

/** The reason a step of this kind failed with this error (the job's `error_reason`). */
export function stepFailureReason(err: unknown, kind: GenerationKind): Reason {
  if (err instanceof AppError) return err.reason;
  if (isProviderError(err)) return providerFailureReason(capabilityOfStep[kind], err.kind);
  const name = err instanceof Error ? err.name : '';
  if (name === 'SceneValidationError') return 'scenes_invalid';
  if (name === 'VoiceError' || name === 'ImageUploadError') return 'invalid_input';
  return kind === 'final' ? 'merge_failed' : 'generation_failed';
}
