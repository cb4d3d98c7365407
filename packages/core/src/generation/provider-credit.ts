// Operators learn that an AI provider is out of credit from the back-office: an out-of-credit answer
// flags the provider (since when), the next paid call that succeeds (its cost is recorded) clears it.
import { clearProviderOutOfCredit, markProviderOutOfCredit } from '@reelsmith/db';
import { isProviderError } from '@reelsmith/media';
import type { CoreDeps } from '../deps.ts';

/**
 * Called where a provider call's failure ends up (a generation job, scene writing, a voice preview):
 * flags the provider when the failure is out of credit. Never throws: the caller's error stays the one
 * the customer reads.
 */
export async function noteProviderFailure(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger'>, err: unknown): Promise<void> {
  if (!isProviderError(err) || err.kind !== 'insufficient_credits') return;
  try {
    await markProviderOutOfCredit(deps.db, err.provider, deps.clock.now());
    deps.logger.error({ provider: err.provider }, 'AI provider is out of credit: top up the account');
  } catch (failure) {
    deps.logger.error({ provider: err.provider, err: failure instanceof Error ? failure.message : String(failure) }, 'could not record that an AI provider is out of credit');
  }
}

/** A paid call to the provider succeeded (it charged us), so it has credit again. */
export async function noteProviderCharged(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger'>, provider: string): Promise<void> {
  if (await clearProviderOutOfCredit(deps.db, provider, deps.clock.now())) deps.logger.info({ provider }, 'AI provider has credit again');
}
