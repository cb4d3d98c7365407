import { fallbackSceneDuration, type Project, type Quality, type Scene } from '@reelsmith/shared';

/** Spec §5: a scene's length — its video's measured duration, else the voiceover's, else 5 s (≤ 7 s asked) or 10 s. */
export function sceneSeconds(scene: Pick<Scene, 'sceneId' | 'durationSeconds' | 'actualDuration'>, durations: Record<string, number> | undefined): number {
  const measured = durations?.[scene.sceneId];
  if (typeof measured === 'number' && measured > 0) return measured;
  if (typeof scene.actualDuration === 'number' && scene.actualDuration > 0) return scene.actualDuration;
  return fallbackSceneDuration(scene.durationSeconds);
}

/** The sum of every scene's length. */
export function totalSeconds(project: Pick<Project, 'scenes' | 'assets'>): number {
  return project.scenes.reduce((sum, scene) => sum + sceneSeconds(scene, project.assets.video_durations), 0);
}

/** '6.2s' (whole seconds without decimals: '10s'). */
export function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}s`;
}

export interface QualityPlan {
  isFreeUser: boolean;
  allowedQualities: readonly Quality[];
}

/** High quality is locked for Free users and any plan without it. */
export function isQualityLocked(quality: Quality, plan: QualityPlan | undefined): boolean {
  if (quality === 'standard') return false;
  if (!plan) return true;
  return plan.isFreeUser || !plan.allowedQualities.includes('high');
}

/** Spec §4: high resets to standard for Free users. */
export function effectiveQuality(quality: Quality, plan: QualityPlan | undefined): Quality {
  return plan && isQualityLocked(quality, plan) ? 'standard' : quality;
}

/** Spec §2: a scene's download is saved as 'scene-N-video.mp4' (N from 1). */
export function sceneVideoFileName(sceneNumber: number): string {
  return `scene-${sceneNumber}-video.mp4`;
}

/** Scenes that have a generated video, and whether all do. */
export function videoCoverage(project: Pick<Project, 'scenes' | 'assets'>): { done: number; total: number; all: boolean; any: boolean } {
  const videos = project.assets.video_generated ?? {};
  const done = project.scenes.filter((scene) => Boolean(videos[scene.sceneId])).length;
  const total = project.scenes.length;
  return { done, total, all: total > 0 && done === total, any: done > 0 };
}
