// The spec's catalogue of provider failures (§8) as one typed error. Every adapter turns whatever its
// SDK or fetch threw into this, so retries and the customer's message depend on the kind only.

export type ProviderErrorKind =
  | 'insufficient_credits' // our account at the provider is out of credit (402, or each provider's own shape)
  | 'rate_limited' // 429
  | 'model_unavailable' // 404 (model gone) or 503 (model cold / overloaded)
  | 'timeout' // our deadline passed
  | 'unavailable' // other 5xx, network failures
  | 'auth' // 401/403: a wrong or revoked key
  | 'rejected' // other 4xx: the provider refused the input (content policy, bad field)
  | 'bad_output'; // the answer or the downloaded file is not what was promised

export type Capability = 'llm' | 'tts' | 'image' | 'video';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly status: number | undefined;
  /** From Retry-After (or retry-after-ms), when the provider said how long to wait. */
  readonly retryAfterMs: number | undefined;

  constructor(kind: ProviderErrorKind, provider: string, detail: string, options: { status?: number | undefined; retryAfterMs?: number | undefined; cause?: unknown } = {}) {
    super(`${provider}: ${kind}: ${detail}`, { cause: options.cause });
    this.kind = kind;
    this.provider = provider;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** 429 and 5xx-like failures may succeed on another attempt; the rest will not. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || (this.kind === 'model_unavailable' && this.status !== 404);
  }
}

export function isProviderError(value: unknown): value is ProviderError {
  return value instanceof Error && value.name === 'ProviderError' && 'kind' in value;
}

export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 402) return 'insufficient_credits';
  if (status === 429) return 'rate_limited';
  if (status === 404 || status === 503) return 'model_unavailable';
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 504) return 'unavailable';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name] ?? (headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in seconds or as an HTTP date; OpenAI's retry-after-ms first. */
export function retryAfterMs(headers: HeaderSource, now = Date.now()): number | undefined {
  const ms = Number(header(headers, 'retry-after-ms'));
  if (header(headers, 'retry-after-ms') !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const value = header(headers, 'retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Out of credit, as each provider documents it, whatever the status says: Replicate's 402, ElevenLabs'
 * 401 `quota_exceeded`, OpenAI's 429 `insufficient_quota` (and its billing codes), fal's 403 'User is
 * locked. Reason: Exhausted balance' / 'TOP_UP'. Never retried: only a top-up fixes it.
 */
export function isOutOfCredit(status: number | undefined, body: string): boolean {
  if (status === 402) return true;
  if (status !== 401 && status !== 403 && status !== 429) return false;
  return /quota_exceeded|insufficient_quota|credit_balance_exhausted|spend_limit_exceeded|usage_limit_exceeded|exhausted balance|reason:\s*top_up|insufficient (credit|balance)/i.test(body);
}

function kindFor(status: number, body: string): ProviderErrorKind {
  return isOutOfCredit(status, body) ? 'insufficient_credits' : kindForStatus(status);
}

/** A provider's HTTP answer that was not OK, as our error (the body's first 300 characters as detail). */
export async function errorFromResponse(provider: string, response: Response): Promise<ProviderError> {
  const body = await response.text().catch(() => '');
  return new ProviderError(kindFor(response.status, body), provider, `HTTP ${response.status} ${body.slice(0, 300)}`.trim(), {
    status: response.status,
    retryAfterMs: retryAfterMs(response.headers),
  });
}

const networkCodes = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EPIPE|UND_ERR|fetch failed|socket hang up|network|connection error/i;

/**
 * Whatever an SDK or fetch threw, as a ProviderError: the status from OpenAI (status, headers),
 * ElevenLabs (statusCode, rawResponse.headers) or Replicate (response.status, response.headers);
 * network failures are 'unavailable'. Anything else is not the provider's doing (a bug of ours):
 * null, so the caller rethrows it untouched and nothing retries it.
 */
export function classifyProviderFailure(provider: string, err: unknown): ProviderError | null {
  if (isProviderError(err)) return err;
  const e = err as { status?: unknown; statusCode?: unknown; headers?: HeaderSource; rawResponse?: { headers?: HeaderSource }; response?: Response; message?: unknown; cause?: unknown; name?: unknown };
  const status =
    typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : typeof e?.response?.status === 'number' ? e.response.status : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (status !== undefined) {
    const headers = e.headers ?? e.rawResponse?.headers ?? e.response?.headers;
    // The SDKs keep the answer's body: OpenAI as `error` / `code` / `type`, ElevenLabs as `body`.
    const sdk = err as { error?: unknown; code?: unknown; type?: unknown; body?: unknown };
    const body = [message, JSON.stringify(sdk.error ?? null), String(sdk.code ?? ''), String(sdk.type ?? ''), JSON.stringify(sdk.body ?? null)].join(' ');
    return new ProviderError(kindFor(status, body), provider, message.slice(0, 300), { status, retryAfterMs: retryAfterMs(headers), cause: err });
  }
  const causeText = e?.cause instanceof Error ? `${e.cause.message} ${(e.cause as { code?: string }).code ?? ''}` : '';
  if (networkCodes.test(message) || networkCodes.test(causeText) || /ConnectionError|TimeoutError/.test(String(e?.name))) {
    return new ProviderError('unavailable', provider, message.slice(0, 300), { cause: err });
  }
  return null;
}

/** classifyProviderFailure, with unrecognised failures as 'unavailable' (for callers that must type every error). */
export function toProviderError(provider: string, err: unknown): ProviderError {
  return classifyProviderFailure(provider, err) ?? new ProviderError('unavailable', provider, (err instanceof Error ? err.message : String(err)).slice(0, 300), { cause: err });
}
