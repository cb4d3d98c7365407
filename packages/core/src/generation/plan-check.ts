import { findLatestSucceededResult, type Executor } from '@reelsmith/db';
import { AppError, type Project, type Quality } from '@reelsmith/shared';
import { assertReelTime, renderSettings, type Entitlements } from '../billing/entitlements.ts';

/** Scene videos rendered without the watermark the plan now requires cannot be merged into its final video. */
export const watermarkRequiredMessage = 'Your plan adds a watermark to videos. Generate the scene videos again, then create the final video.';

/**
 * The quality and watermark the project's current scene videos were rendered with, as the last
 * finished render job recorded them (server-written; the project's params are the customer's to edit).
 */
export async function renderedSceneSettings(db: Executor, projectId: string): Promise<{ quality: Quality; watermark: boolean } | null> {
  const result = (await findLatestSucceededResult(db, projectId, 'videos')) as { quality?: unknown; watermark?: unknown } | null;
  if (!result || (result.quality !== 'standard' && result.quality !== 'high') || typeof result.watermark !== 'boolean') return null;
  return { quality: result.quality, watermark: result.watermark };
}

/**
 * Before the merge (in the request and again in the job): the project's reel time is within the
 * plan, and its scene videos were rendered at a quality the plan includes and with its watermark.
 */
export async function assertFinalWithinPlan(db: Executor, plan: Entitlements, project: Project): Promise<void> {
  assertReelTime(plan, project.reelTime);
  const rendered = await renderedSceneSettings(db, project.id);
  if (!rendered) return;
  renderSettings(plan, rendered.quality);
  if (plan.watermark && !rendered.watermark) throw new AppError('PAYMENT_REQUIRED', watermarkRequiredMessage, { reason: 'watermark' });
}
