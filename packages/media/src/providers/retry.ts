import type { CallPolicy } from './provider-config.ts';
import { classifyProviderFailure, ProviderError } from './provider-error.ts';

/** Backoff before attempt `attempt + 1`: Retry-After when given, else base × 2^attempt with jitter, capped. */
export function backoffMs(policy: Pick<CallPolicy, 'baseDelayMs' | 'maxDelayMs'>, attempt: number, retryAfter: number | undefined, random = Math.random): number {
  if (retryAfter !== undefined) return Math.min(retryAfter, policy.maxDelayMs);
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.round(exponential * (0.75 + random() * 0.5)));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, retrying 429 and 5xx up to policy.maxRetries times with
 * exponential backoff (honouring Retry-After). Provider failures come out as ProviderError;
 * anything else (our own bugs) is rethrown as it was, never retried.
 *
 * `attempt` must be ONE HTTP call (a poll, a status, a download, an upload), never a flow that
 * creates something paid: a paid create goes through `createOnce`.
 */
export async function withRetry<T>(
  provider: string,
  policy: CallPolicy,
  signal: AbortSignal,
  attempt: (signal: AbortSignal) => Promise<T>,
  retryIf: (err: ProviderError) => boolean = (err) => err.retryable,
): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await attempt(signal);
    } catch (err) {
      if (signal.aborted) throw signal.reason as Error;
      const mapped = classifyProviderFailure(provider, err);
      if (!mapped) throw err;
      if (!retryIf(mapped) || n >= policy.maxRetries) throw mapped;
      await sleep(backoffMs(policy, n, mapped.retryAfterMs), signal);
    }
  }
}

/**
 * A paid create (a prediction, a queue submission): repeated only when the provider said it did not
 * take the request (429 rate limited; a connection refused before anything was sent). A 5xx or a
 * dropped connection may have created it, so it is never repeated: that would pay twice.
 */
export function createOnce<T>(provider: string, policy: CallPolicy, signal: AbortSignal, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withRetry(provider, policy, signal, attempt, (err) => err.kind === 'rate_limited' || /ECONNREFUSED/.test(`${err.message} ${String((err.cause as { cause?: { code?: string } } | undefined)?.cause?.code ?? '')}`));
}

export { ProviderError };
