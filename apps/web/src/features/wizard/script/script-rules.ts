import { DEFAULT_REEL_TIME_FREE, DEFAULT_REEL_TIME_PAID, FREE_PLAN_LIMITS, REEL_DURATIONS, countWords, type Scene } from '@reelsmith/shared';
import { isOverReelTime } from '../reel-time.ts';

/** What the duration rules read from `billing.subscription.current`. */
export interface PlanLimits {
  isFreeUser: boolean;
  maxReelSeconds: number;
}

/** Spec §5: Free may pick only 20 s; other plans up to their `maxReelSeconds`. Unknown plan: nothing locked yet. */
export function isDurationLocked(duration: number, plan: PlanLimits | undefined): boolean {
  if (!plan) return false;
  if (plan.isFreeUser) return duration !== FREE_PLAN_LIMITS.maxReelSeconds;
  return duration > plan.maxReelSeconds;
}

/** The duration to show: the project's reel time, else 20 s for Free and 30 s for paid plans (spec §9). */
export function defaultReelTime(projectReelTime: number | undefined, plan: PlanLimits | undefined): number {
  if (projectReelTime && (REEL_DURATIONS as readonly number[]).includes(projectReelTime)) return projectReelTime;
  if (!plan || plan.isFreeUser) return DEFAULT_REEL_TIME_FREE;
  return isDurationLocked(DEFAULT_REEL_TIME_PAID, plan) ? DEFAULT_REEL_TIME_FREE : DEFAULT_REEL_TIME_PAID;
}

export type SceneEdit = Partial<Pick<Scene, 'title' | 'text' | 'durationSeconds'>>;

/** A scene after an edit; the word count follows the text (spec §5: whitespace splitting). */
export function editScene(scene: Scene, edit: SceneEdit): Scene {
  const next = { ...scene, ...edit };
  return edit.text === undefined ? next : { ...next, wordCount: countWords(edit.text) };
}

/** One scene replaced by its regenerated version, the others kept as edited. */
export function replaceScene(scenes: readonly Scene[], index: number, replacement: Scene | undefined): Scene[] {
  return scenes.map((scene, i) => (i === index && replacement ? replacement : scene));
}

/** The save payload is valid only when every scene has text. */
export function scenesReady(scenes: readonly Scene[]): boolean {
  return scenes.length > 0 && scenes.every((scene) => scene.text.trim() !== '');
}

export function wordLabel(count: number): string {
  return `${count} ${count === 1 ? 'word' : 'words'}`;
}

/** The scenes' planned length, in whole seconds, and whether it runs over the reel time (flagged, spec §8). */
export function plannedLength(scenes: readonly Pick<Scene, 'durationSeconds'>[], reelTime: number): { seconds: number; over: boolean } {
  const total = scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  return { seconds: Math.round(total), over: isOverReelTime(total, reelTime) };
}
