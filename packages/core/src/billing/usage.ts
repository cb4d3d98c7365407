import { addDailyUsage, countVideoOnSubscription, lockUserSubscriptions, type Executor } from '@reelsmith/db';
import { AppError, billingMessages } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { usageDay } from '../users/current-user.ts';
import { getCurrentSubscription } from './subscriptions.ts';

const refusal = {
  no_subscription: ['PAYMENT_REQUIRED', billingMessages.noSubscription],
  inactive: ['PAYMENT_REQUIRED', billingMessages.noSubscription],
  free_limit: ['PAYMENT_REQUIRED', billingMessages.freeLimit],
  quota: ['PAYMENT_REQUIRED', billingMessages.quota],
  daily_limit: ['TOO_MANY_REQUESTS', billingMessages.dailyLimit],
  project_limit: ['FORBIDDEN', billingMessages.projectLimit],
} as const;

/** Throws the spec's refusal for a reason the customer may not start a video (or project) now. */
export function refuseVideo(reason: keyof typeof refusal | null | undefined): never {
  const [code, message] = refusal[reason ?? 'no_subscription'];
  throw new AppError(code, message, { reason: reason ?? 'no_subscription' });
}

/** Counts one video against the subscription's period quota and the day's cap (and a project, when it starts one). */
export async function countVideo(deps: CoreDeps, trx: Executor, userId: string, subscriptionId: string, options: { newProject: boolean }): Promise<void> {
  await countVideoOnSubscription(trx, subscriptionId);
  await addDailyUsage(trx, userId, usageDay(deps.clock.now()), options.newProject ? 1 : 0);
}

/**
 * Checks that the customer may start a video now and counts it against the period quota and the
 * day's cap, inside the caller's transaction (with the subscription row locked).
 */
export async function consumeVideoCredit(deps: CoreDeps, trx: Executor, userId: string): Promise<void> {
  // Serialise concurrent creations by the same customer on their subscription rows.
  await lockUserSubscriptions(trx, userId);
  const current = await getCurrentSubscription(deps, userId, trx);
  if (!current.canCreateProject || !current.subscriptionId) refuseVideo(current.createBlockedReason);
  await countVideo(deps, trx, userId, current.subscriptionId, { newProject: true });
}
