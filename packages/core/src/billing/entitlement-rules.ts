import type { BillingInterval, SubscriptionStatus } from '@reelsmith/db';

export type CreateBlockedReason = 'no_subscription' | 'inactive' | 'free_limit' | 'quota' | 'daily_limit' | 'project_limit';

export interface EntitlementInput {
  now: Date;
  subscription: { status: SubscriptionStatus; endDate: Date | null; documentsUsed: number; bonusCredits: number } | null;
  plan: { billingInterval: BillingInterval; videoLimit: number | null } | null;
  dailyVideoCount: number;
  dailyVideoLimit: number;
  projectCount: number;
  projectLimit: number;
}

/**
 * The status a subscription really has now: a paid period that ended without renewal is expired,
 * whatever the stored status still says.
 */
export function effectiveStatus(status: SubscriptionStatus, endDate: Date | null, now: Date): SubscriptionStatus {
  if (endDate && endDate.getTime() <= now.getTime() && status !== 'expired') return 'expired';
  return status;
}

/** Whether the subscription still pays for work now: active or trialing, or cancelled within its paid period. */
export function isEntitled(status: SubscriptionStatus, endDate: Date | null, now: Date): boolean {
  const s = effectiveStatus(status, endDate, now);
  return s === 'active' || s === 'trialing' || (s === 'cancelled' && endDate !== null);
}

/** Videos the period allows (plan quota plus credits an admin added); null is unlimited. */
export function documentLimit(videoLimit: number | null, bonusCredits: number): number | null {
  return videoLimit === null ? null : videoLimit + bonusCredits;
}

/** May this customer start a new project now, and if not, why not. */
export function decideCreateProject(input: EntitlementInput): { allowed: boolean; reason: CreateBlockedReason | null } {
  const { subscription: sub, plan } = input;
  const refuse = (reason: CreateBlockedReason) => ({ allowed: false, reason });
  if (!sub || !plan) return refuse('no_subscription');
  if (!isEntitled(sub.status, sub.endDate, input.now)) return refuse('inactive');
  const limit = documentLimit(plan.videoLimit, sub.bonusCredits);
  if (limit !== null && sub.documentsUsed >= limit) return refuse(plan.billingInterval === 'free' ? 'free_limit' : 'quota');
  if (input.dailyVideoCount >= input.dailyVideoLimit) return refuse('daily_limit');
  if (input.projectCount >= input.projectLimit) return refuse('project_limit');
  return { allowed: true, reason: null };
}
