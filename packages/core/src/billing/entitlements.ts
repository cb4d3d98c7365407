import type { Executor } from '@reelsmith/db';
import {
  AppError,
  DEFAULT_REEL_TIME_FREE,
  downloadLockedError,
  generationMessages,
  projectMessages,
  type CurrentSubscription,
  type Quality,
} from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { isEntitled } from './entitlement-rules.ts';
import { findFreePlan } from './plans.ts';
import { getCurrentSubscription } from './subscriptions.ts';
import { refuseVideo } from './usage.ts';

/**
 * What a customer's plan allows now: the one answer every entry (REST, tRPC, jobs, media, share
 * page) asks before it writes or serves a plan-governed value. The project count, daily cap and
 * period quota are decided by entitlement-rules.ts (decideCreateProject) and counted under a lock
 * by usage.ts (consumeVideoCredit); this module adds reel time, quality, watermark and downloads.
 */
export interface Entitlements {
  /** The plan whose rules apply: Free when the paid subscription no longer pays for work. */
  planName: string;
  maxReelSeconds: number;
  qualities: Quality[];
  watermark: boolean;
  allowDownload: boolean;
  /** Whether a new video may be started now, and if not why (quota, daily cap, project count). */
  canStartVideo: boolean;
  startBlockedReason: CurrentSubscription['createBlockedReason'];
}

/** The Free plan's rules, applied to anyone whose subscription does not pay for work now. */
export interface FreeRules {
  name: string;
  maxReelSeconds: number;
  qualities: Quality[];
  watermark: boolean;
  allowDownload: boolean;
}

/** The rules as the spec states them, for a customer with no Free plan row to read (§9). */
export const specFreeRules: FreeRules = { name: 'Free', maxReelSeconds: DEFAULT_REEL_TIME_FREE, qualities: ['standard'], watermark: true, allowDownload: false };

/**
 * Pure: the entitlements of a subscription as getCurrentSubscription reports it. A paid plan counts
 * only while it pays for work (active, trialing, or cancelled within its period); an expired or
 * unpaid one falls back to the Free rules, so the lapsed plan's HD, length and downloads go with it.
 */
export function entitlementsOf(current: CurrentSubscription, now: Date, free: FreeRules = specFreeRules): Entitlements {
  const paying = current.status !== null && isEntitled(current.status, current.endDate, now);
  const base = {
    canStartVideo: current.canCreateProject,
    startBlockedReason: current.createBlockedReason,
  };
  if (!paying || current.planName === null) {
    return { planName: free.name, maxReelSeconds: free.maxReelSeconds, qualities: free.qualities, watermark: free.watermark, allowDownload: free.allowDownload, ...base };
  }
  return {
    planName: current.planName,
    maxReelSeconds: current.maxReelSeconds,
    qualities: current.allowedQualities,
    watermark: current.watermark,
    allowDownload: current.allowDownload,
    ...base,
  };
}

/**
 * The customer's entitlements now. Inside a transaction pass it as db (the embedded database has
 * one session).
 */
export async function loadEntitlements(deps: CoreDeps, userId: string, db: Executor = deps.db): Promise<Entitlements> {
  const [current, freeRow] = await Promise.all([getCurrentSubscription(deps, userId, db), findFreePlan(db).catch(() => undefined)]);
  const free: FreeRules = freeRow
    ? {
        name: freeRow.name,
        maxReelSeconds: freeRow.max_reel_seconds,
        qualities: freeRow.allowed_qualities.filter((q): q is Quality => q === 'standard' || q === 'high'),
        watermark: freeRow.watermark,
        allowDownload: freeRow.allow_download,
      }
    : specFreeRules;
  return entitlementsOf(current, deps.clock.now(), free);
}

/** The refusal of a reel time longer than the plan allows (Free: 20 s), or null. */
export function reelTimeRefusal(e: Entitlements, reelTime: number): AppError | null {
  if (reelTime <= e.maxReelSeconds) return null;
  return new AppError('PAYMENT_REQUIRED', projectMessages.reelTimeLocked(e.maxReelSeconds), { reason: 'reel_time' });
}

export function assertReelTime(e: Entitlements, reelTime: number): void {
  const refusal = reelTimeRefusal(e, reelTime);
  if (refusal) throw refusal;
}

/** Loads the plan (in the caller's transaction, when given) and refuses a reel time it does not allow. */
export async function assertReelTimeAllowed(deps: CoreDeps, userId: string, reelTime: number, db: Executor = deps.db): Promise<void> {
  assertReelTime(await loadEntitlements(deps, userId, db), reelTime);
}

/** The refusal of a quality the plan does not include (Free: high is 'HD Quality Locked'), or null. */
export function qualityRefusal(e: Entitlements, quality: Quality): AppError | null {
  if (e.qualities.includes(quality)) return null;
  return new AppError('PAYMENT_REQUIRED', generationMessages.hdLocked, { reason: 'quality' });
}

/**
 * What a render may use: the requested quality if the plan includes it (else the spec's refusal),
 * and the plan's watermark, never the caller's. Called before a job is queued and again by the job.
 */
export function renderSettings(e: Entitlements, quality: Quality): { quality: Quality; watermark: boolean } {
  const refusal = qualityRefusal(e, quality);
  if (refusal) throw refusal;
  return { quality, watermark: e.watermark };
}

/** 'Upgrade Required: Video downloads are not available on the {plan} plan' (§8). */
export function downloadLockedMessage(planName: string): string {
  const locked = downloadLockedError(planName);
  return `${locked.title}: ${locked.description}`;
}

/** The refusal of a download (scene video, final video, share page) the plan does not allow, or null. */
export function downloadRefusal(e: Entitlements): AppError | null {
  if (e.allowDownload) return null;
  return new AppError('FORBIDDEN', downloadLockedMessage(e.planName), { reason: 'download' });
}

/** Refuses starting a video when the quota, the daily cap or the project count says no. */
export function assertCanStartVideo(e: Entitlements): void {
  if (!e.canStartVideo) refuseVideo(e.startBlockedReason);
}
