// Every failed answer carries a stable reason code beside its message (`reason` in a REST error body,
// `data.reason` in a tRPC error, `reason` on a failed generation job). The server decides the reason
// where the failure happens; the browser picks the spec's copy (§8) from the reason through one table
// (messages/reason-copy.ts) and never reads message text to decide. Codes are append-only: a client
// may rely on any code here for as long as the API exists.

export const reasonCodes = [
  // Any failure, by its HTTP status, when nothing more specific applies.
  'invalid_input', // 400: a field or value the server refuses; the message says which
  'unauthorized', // 401: no session, or the session ended
  'payment_required', // 402
  'forbidden', // 403
  'not_found', // 404
  'conflict', // 409: the thing is not in a state that allows this
  'too_large', // 413
  'unsupported_media_type', // 415
  'unprocessable', // 422
  'rate_limited', // 429: too many requests in a short time
  'internal', // 500: our fault; the message is generic
  'unavailable', // 503
  'timeout', // 504
  'network', // set by the browser: no answer arrived at all

  // Plan and account rules.
  'no_subscription',
  'inactive',
  'free_limit',
  'quota', // the plan's videos for this period are used up
  'daily_limit',
  'project_limit',
  'reel_time',
  'quality',
  'watermark',
  'download',
  'insufficient_credits', // the provider account behind a step is out of credit
  'identity_mismatch',
  'suspended',
  'registration_closed',
  'maintenance',
  'project_not_found',

  // Wizard steps and generation jobs (the §8 classifier's categories).
  'scenes_invalid', // the generated scenes failed the duration rules
  'ai_unavailable', // the language model (or any AI service) could not be reached
  'ai_response_unreadable', // the model answered something that is not scenes
  'invalid_speed',
  'image_too_large',
  'script_too_long',
  'text_too_long',
  'avatar_timeout',
  'invalid_prompt',
  'avatar_busy',
  'avatar_required',
  'audio_required',
  'storage_quota',
  'voice_limit',
  'lip_sync_busy',
  'lip_sync_mismatch',
  'missing_videos',
  'merge_failed',
  'video_timeout',
  'model_unavailable',
  'storage_error',
  'generation_failed',

  // API keys (issue 18).
  'api_key_limit', // the customer already holds the most keys allowed
  'webhook_limit', // the customer already holds the most webhook endpoints allowed
  'webhook_url_refused', // a callback URL on a private or internal address (the outbound guard)

  // Integrators' REST: idempotency keys and conditional writes (issue 18).
  'precondition_failed', // 412: If-Match names a version that is no longer the current one
  'idempotency_key_in_flight', // 409: the first request with this Idempotency-Key is still running
  'idempotency_key_reused', // 422: this Idempotency-Key was used with a different request body

  // Spec contract (issue 18).
  'invalid_credentials', // 401 on a sign-in: the e-mail and password were refused; not an ended session
] as const;

export type Reason = (typeof reasonCodes)[number];

const known = new Set<string>(reasonCodes);

/** A reason read from an answer, or undefined when the value is not one of ours. */
export function asReason(value: unknown): Reason | undefined {
  return typeof value === 'string' && known.has(value) ? (value as Reason) : undefined;
}

/** The general reason of an HTTP status, for failures that carry no reason of their own. */
export function reasonForStatus(status: number | undefined): Reason | undefined {
  if (status === undefined) return undefined;
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'unauthorized';
    case 402:
      return 'payment_required';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 412:
      return 'precondition_failed';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    case 504:
      return 'timeout';
    default:
      return status >= 500 ? 'internal' : status >= 400 ? 'invalid_input' : undefined;
  }
}

/** The parts of a validation issue (zod's) that decide its reason. */
export interface IssueFacts {
  code: string;
  path: readonly PropertyKey[];
}

const imageFields = new Set<PropertyKey>(['image', 'productImage']);

/**
 * The reason of a refused input, from its first issue's field and kind: the fields whose refusals
 * have their own titled error in §8 (speed, image size, script and scene text length) get their own
 * reason; any other refusal is `invalid_input` and the message says what to fix.
 */
export function reasonOfIssues(issues: readonly IssueFacts[]): Reason {
  const first = issues[0];
  if (!first) return 'invalid_input';
  const field = first.path[first.path.length - 1];
  if (field === 'speed' || first.path[0] === 'sceneSpeedSettings') return 'invalid_speed';
  if (first.code === 'too_big' && field !== undefined && imageFields.has(field)) return 'image_too_large';
  if (first.code === 'too_big' && field === 'script') return 'script_too_long';
  if (first.code === 'too_big' && field === 'text') return 'text_too_long';
  return 'invalid_input';
}
