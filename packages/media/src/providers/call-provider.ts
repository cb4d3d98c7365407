import type { CallPolicy } from './provider-config.ts';
import { classifyProviderFailure, ProviderError } from './provider-error.ts';
import { withRetry } from './retry.ts';

class DeadlineReached extends Error {
  override name = 'DeadlineReached';
}

/**
 * One provider HTTP call under the policy: a single deadline (every attempt shares it; the signal
 * aborts the SDK's request when it passes), retries on 429/5xx, and every provider failure as a
 * ProviderError ('timeout' when the deadline ended it). Only for a single request (an LLM completion,
 * a TTS answer): a flow with a paid create uses withDeadline with per-call retries.
 */
export function callProvider<T>(provider: string, policy: CallPolicy, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  return withDeadline(provider, policy, (signal) => withRetry(provider, policy, signal, work), outer);
}

/**
 * The deadline alone: for flows of several HTTP calls (upload, create, poll, download) where each
 * call retries on its own (withRetry / createOnce) and the paid create is never repeated.
 */
export async function withDeadline<T>(provider: string, policy: CallPolicy, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineReached(`no answer within ${policy.timeoutMs} ms`)), policy.timeoutMs);
  const onOuterAbort = () => controller.abort(outer!.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (err) {
    if (controller.signal.reason instanceof DeadlineReached) {
      throw new ProviderError('timeout', provider, controller.signal.reason.message, { cause: err });
    }
    throw classifyProviderFailure(provider, err) ?? err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
