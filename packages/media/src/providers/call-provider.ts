import type { CallPolicy } from './provider-config.ts';
import { classifyProviderFailure, ProviderError } from './provider-error.ts';
import { withRetry } from './retry.ts';

class DeadlineReached extends Error {
  override name = 'DeadlineReached';
}

/**
 * One provider call under the policy: a single deadline for the whole call (every attempt and any
 * polling share it; the signal aborts the SDK's request when it passes), retries on 429/5xx, and
 * every provider failure as a ProviderError ('timeout' when the deadline ended it).
 */
export async function callProvider<T>(provider: string, policy: CallPolicy, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineReached(`no answer within ${policy.timeoutMs} ms`)), policy.timeoutMs);
  const onOuterAbort = () => controller.abort(outer!.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await withRetry(provider, policy, controller.signal, work);
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
