import { countDayVideosAndProjects, findCurrentSubscriptionRow, insertSubscription, type Executor, type SubscriptionStatus } from '@reelsmith/db';
import { DAILY_VIDEO_CAP, type CurrentSubscription, type Quality } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { readSystemSettings } from '../settings/system-settings.ts';
import { usageDay } from '../users/current-user.ts';
import { decideCreateProject, documentLimit, effectiveStatus } from './entitlement-rules.ts';
import { findFreePlan } from './plans.ts';

/** Starts a new customer on the Free plan. */
export async function startFreeSubscription(trx: Executor, userId: string, now: Date): Promise<void> {
  const free = await findFreePlan(trx);
  await insertSubscription(trx, { user_id: userId, plan_id: free.id, status: 'active', start_date: now, end_date: null });
}

export interface SubscriptionWithPlan {
  id: string;
  status: SubscriptionStatus;
  startDate: Date;
  endDate: Date | null;
  cancelAtPeriodEnd: boolean;
  documentsUsed: number;
  bonusCredits: number;
  externalId: string | null;
  plan: {
    id: string;
    name: string;
    billingInterval: 'free' | 'monthly' | 'yearly' | 'one_time';
    videoLimit: number | null;
    allowDownload: boolean;
    maxReelSeconds: number;
    allowedQualities: string[];
    watermark: boolean;
  };
}

/** The customer's live subscription, else their most recent one. */
export async function findCurrentSubscription(db: Executor, userId: string): Promise<SubscriptionWithPlan | undefined> {
  const row = await findCurrentSubscriptionRow(db, userId);
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    documentsUsed: row.documents_used,
    bonusCredits: row.bonus_credits,
    externalId: row.stripe_subscription_id,
    plan: {
      id: row.plan_id,
      name: row.name,
      billingInterval: row.billing_interval,
      videoLimit: row.video_limit,
      allowDownload: row.allow_download,
      maxReelSeconds: row.max_reel_seconds,
      allowedQualities: row.allowed_qualities,
      watermark: row.watermark,
    },
  };
}

const qualityList = (values: string[]): Quality[] => values.filter((q): q is Quality => q === 'standard' || q === 'high');

/**
 * The customer's subscription, limits and what they may do now (GET /api/subscription/current).
 * Inside a transaction pass it as db: the embedded database has one session, so reading through
 * deps.db meanwhile would wait forever.
 */
export async function getCurrentSubscription(deps: CoreDeps, userId: string, db: Executor = deps.db): Promise<CurrentSubscription> {
  const now = deps.clock.now();
  // Today's usage and the project count in one statement: one round trip fewer on a hot call (bench/api).
  const [sub, settings, counts] = await Promise.all([
    findCurrentSubscription(db, userId),
    readSystemSettings(deps, db),
    countDayVideosAndProjects(db, userId, usageDay(now)),
  ]);
  const dailyVideoLimit = Math.min(DAILY_VIDEO_CAP, settings.general.maxVideosPerDay);
  const dailyVideoCount = counts.videos;
  const decision = decideCreateProject({
    now,
    subscription: sub ? { status: sub.status, endDate: sub.endDate, documentsUsed: sub.documentsUsed, bonusCredits: sub.bonusCredits } : null,
    plan: sub ? { billingInterval: sub.plan.billingInterval, videoLimit: sub.plan.videoLimit } : null,
    dailyVideoCount,
    dailyVideoLimit,
    projectCount: counts.projects,
    projectLimit: settings.general.maxProjectsPerUser,
  });
  if (!sub) {
    return {
      subscriptionId: null, planId: null, planName: null, isFreeUser: false, status: null, startDate: null, endDate: null,
      cancelAtPeriodEnd: false, documentLimit: 0, documentsUsed: 0, allowDownload: false, maxReelSeconds: 20,
      allowedQualities: ['standard'], watermark: true, dailyVideoCount, dailyVideoLimit,
      canCreateProject: false, createBlockedReason: decision.reason,
    };
  }
  return {
    subscriptionId: sub.id,
    planId: sub.plan.id,
    planName: sub.plan.name,
    isFreeUser: sub.plan.billingInterval === 'free',
    status: effectiveStatus(sub.status, sub.endDate, now),
    startDate: sub.startDate,
    endDate: sub.endDate,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    documentLimit: documentLimit(sub.plan.videoLimit, sub.bonusCredits),
    documentsUsed: sub.documentsUsed,
    allowDownload: sub.plan.allowDownload,
    maxReelSeconds: sub.plan.maxReelSeconds,
    allowedQualities: qualityList(sub.plan.allowedQualities),
    watermark: sub.plan.watermark,
    dailyVideoCount,
    dailyVideoLimit,
    canCreateProject: decision.allowed,
    createBlockedReason: decision.reason,
  };
}
