// Spec §9: progress estimates (seconds min/max/typical), shown only until real progress arrives.

export interface Estimate {
  min: number;
  max: number;
  typical: number;
}

export const estimates = {
  avatar: { min: 20, max: 60, typical: 35 },
  videoStandard: { min: 30, max: 90, typical: 60 },
  videoHigh: { min: 60, max: 180, typical: 120 },
  merge: { min: 5, max: 20, typical: 10 },
} as const satisfies Record<string, Estimate>;

/** Per-scene estimates grow with the scene count. */
export function scaled(estimate: Estimate, count: number): Estimate {
  const n = Math.max(1, count);
  return { min: estimate.min * n, max: estimate.max * n, typical: estimate.typical * n };
}

/** Spec §9 wording: under 60 s as seconds, then about a minute, up to 3 minutes, 3 to 5 minutes, up to N minutes. */
export function durationWording(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} seconds`;
  if (s <= 90) return 'about a minute';
  if (s <= 180) return 'up to 3 minutes';
  if (s <= 300) return '3 to 5 minutes';
  return `up to ${Math.ceil(s / 60)} minutes`;
}

export interface EstimateState {
  /** 0…95 while running (never 100 before the work says so). */
  percent: number;
  /** 'Estimated time: about a minute', 'Taking longer than usual…', or the overtime message. */
  text: string;
  phase: 'normal' | 'longer' | 'overtime';
}

export const takingLongerText = 'Taking longer than usual — still working…';
export const overtimeText = 'This is taking much longer than expected. It is still running; you can keep this page open or come back later.';

/** The estimate after `elapsed` seconds. */
export function estimateState(estimate: Estimate, elapsed: number): EstimateState {
  const percent = Math.min(95, Math.max(0, Math.round((elapsed / estimate.typical) * 100)));
  if (elapsed > estimate.max) return { percent, text: overtimeText, phase: 'overtime' };
  if (elapsed > estimate.typical * 1.2) return { percent, text: takingLongerText, phase: 'longer' };
  const remaining = Math.max(1, estimate.typical - elapsed);
  return { percent, text: `Estimated time remaining: ${durationWording(remaining)}`, phase: 'normal' };
}
