// A failed paid step gives the customer's video credit back (once per project); starting the paid
// step again for that project takes it again, so a returned credit cannot buy a free video.
import { insertCreditReturn, lockOpenCreditReturn, lockSubscriptionWithUsage, lockUserSubscriptions, markCreditRetaken, uncountVideo, type Executor } from '@reelsmith/db';
import { getCurrentSubscription } from '../billing/subscriptions.ts';
import { countVideo, refuseVideo } from '../billing/usage.ts';
import type { CoreDeps } from '../deps.ts';

export const CREDIT_RETURNED_NOTE = 'Your video credit has been returned.';

/** Gives back one video credit for the project unless it already was; answers whether it did. */
export async function returnVideoCredit(trx: Executor, input: { userId: string; projectId: string; jobId: string; reason: string }): Promise<boolean> {
  const sub = await lockSubscriptionWithUsage(trx, input.userId);
  if (!sub) return false;
  const inserted = await insertCreditReturn(trx, { project_id: input.projectId, user_id: input.userId, subscription_id: sub.id, job_id: input.jobId, reason: input.reason.slice(0, 500) });
  if (!inserted) return false;
  await uncountVideo(trx, sub.id);
  return true;
}

/**
 * Before the paid step runs again: if this project's credit was returned, take one again (the
 * plan's quota and the daily cap apply as for a new video; the project-count limit does not).
 */
export async function retakeReturnedCredit(deps: CoreDeps, trx: Executor, userId: string, projectId: string): Promise<boolean> {
  const returned = await lockOpenCreditReturn(trx, projectId);
  if (!returned) return false;
  await lockUserSubscriptions(trx, userId);
  const current = await getCurrentSubscription(deps, userId, trx);
  const reason = current.createBlockedReason;
  // The project already exists: only the project-count limit does not apply to taking its credit again.
  if (!current.subscriptionId || (reason && reason !== 'project_limit')) refuseVideo(reason && reason !== 'project_limit' ? reason : 'no_subscription');
  await countVideo(deps, trx, userId, current.subscriptionId, { newProject: false });
  await markCreditRetaken(trx, returned.id, deps.clock.now());
  return true;
}
