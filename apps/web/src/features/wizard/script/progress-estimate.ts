// Spec §9 'Progress estimates': seconds min/max/typical per task, scaled by scene count for per-scene
// work; 'Taking longer' after 1.2× typical, an overtime message after max; refreshed every second.

export interface Estimate {
  min: number;
  max: number;
  typical: number;
}

export const progressEstimates = {
  scenes: { min: 3, max: 15, typical: 8 },
  avatar: { min: 20, max: 60, typical: 35 },
  voicePerScene: { min: 2, max: 8, typical: 5 },
  standardVideoPerScene: { min: 30, max: 90, typical: 60 },
  highVideoPerScene: { min: 60, max: 180, typical: 120 },
  lipSync: { min: 15, max: 45, typical: 30 },
  merge: { min: 5, max: 20, typical: 10 },
} as const satisfies Record<string, Estimate>;

export const progressRefreshMs = 1000;

/** A per-scene estimate for `sceneCount` scenes (at least one). */
export function scaleEstimate(estimate: Estimate, sceneCount: number): Estimate {
  const n = Math.max(1, Math.floor(sceneCount));
  return { min: estimate.min * n, max: estimate.max * n, typical: estimate.typical * n };
}

/** Spec §9 wording: under 60 s as seconds, then about a minute, up to 3 minutes, 3 to 5 minutes, beyond that up to N minutes. */
export function durationWording(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} seconds`;
  if (s < 120) return 'about a minute';
  if (s <= 180) return 'up to 3 minutes';
  if (s <= 300) return '3 to 5 minutes';
  return `up to ${Math.ceil(s / 60)} minutes`;
}

export type EstimatePhase = 'normal' | 'slow' | 'overtime';

export interface EstimateStatus {
  phase: EstimatePhase;
  /** An estimated percent, kept below 95 until the work is done. */
  percent: number;
  message: string;
}

export const estimateText = {
  usually: (wording: string) => `This usually takes ${wording}.`,
  slow: 'Taking longer than usual. Please wait…',
  overtime: 'This is taking much longer than expected. It is still working; you can keep waiting.',
} as const;

/** Where an estimated task stands after `elapsedSeconds`. */
export function estimateStatus(estimate: Estimate, elapsedSeconds: number): EstimateStatus {
  const elapsed = Math.max(0, elapsedSeconds);
  const percent = Math.min(95, Math.round((elapsed / estimate.typical) * 100));
  if (elapsed > estimate.max) return { phase: 'overtime', percent: 95, message: estimateText.overtime };
  if (elapsed > estimate.typical * 1.2) return { phase: 'slow', percent, message: estimateText.slow };
  return { phase: 'normal', percent, message: estimateText.usually(durationWording(estimate.typical)) };
}
