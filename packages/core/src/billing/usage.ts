import { sql } from 'kysely';
import type { Executor } from '@reelsmith/db';
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

/**
 * Checks that the customer may start a video now and counts it against the period quota and the
 * day's cap, inside the caller's transaction (with the subscription row locked).
 */
export async function consumeVideoCredit(deps: CoreDeps, trx: Executor, userId: string): Promise<void> {
  // Serialise concurrent creations by the same customer on their subscription rows.
  await trx.selectFrom('subscriptions').select('id').where('user_id', '=', userId).forUpdate().execute();
  const current = await getCurrentSubscription(deps, userId, trx);
  if (!current.canCreateProject || !current.subscriptionId) {
    const [code, message] = refusal[current.createBlockedReason ?? 'no_subscription'];
    throw new AppError(code, message, { reason: current.createBlockedReason });
  }
  await trx
    .updateTable('subscriptions')
    .set((eb) => ({ documents_used: eb('documents_used', '+', 1) }))
    .where('id', '=', current.subscriptionId)
    .execute();
  await trx
    .insertInto('user_daily_usage')
    .values({ user_id: userId, day: usageDay(deps.clock.now()), videos: 1, projects: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({ videos: sql`user_daily_usage.videos + 1`, projects: sql`user_daily_usage.projects + 1` }),
    )
    .execute();
}
