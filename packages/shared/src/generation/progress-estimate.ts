// Spec §9 'Progress estimates': seconds min/max/typical per task, scaled by scene count for per-scene
// work; 'Taking longer' after 1.2× typical, an overtime message after max; refreshed every second.
// Shown only until the job reports real progress (spec §2 step 5: live progress text with percent bar).

export interface ProgressEstimate {
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
} as const satisfies Record<string, ProgressEstimate>;

export const PROGRESS_REFRESH_MS = 1000;

/** A per-scene estimate for `sceneCount` scenes (at least one). */
export function scaleProgressEstimate(estimate: ProgressEstimate, sceneCount: number): ProgressEstimate {
  const n = Math.max(1, Math.floor(sceneCount));
  return { min: estimate.min * n, max: estimate.max * n, typical: estimate.typical * n };
}

/** Spec §9 wording: under 60 s as seconds, then about a minute, up to 3 minutes, 3 to 5 minutes, beyond that up to N minutes. */
export function estimateDurationWording(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  if (s <= 90) return 'about a minute';
  if (s <= 180) return 'up to 3 minutes';
  if (s <= 300) return '3 to 5 minutes';
  return `up to ${Math.ceil(s / 60)} minutes`;
}

export type EstimatePhase = 'normal' | 'slow' | 'overtime';

export interface EstimateStatus {
  phase: EstimatePhase;
  /** An estimated percent, kept at or below 95 until the work is done. */
  percent: number;
  message: string;
}

export const estimateText = {
  remaining: (wording: string) => `Estimated time remaining: ${wording}`,
  slow: 'Taking longer than usual. Still working…',
  overtime: 'This is taking much longer than expected. It is still running; you can keep this page open or come back later.',
} as const;

/** Where an estimated task stands after `elapsedSeconds`. */
export function estimateStatus(estimate: ProgressEstimate, elapsedSeconds: number): EstimateStatus {
  const elapsed = Math.max(0, elapsedSeconds);
  const percent = Math.min(95, Math.round((elapsed / estimate.typical) * 100));
  if (elapsed > estimate.max) return { phase: 'overtime', percent: 95, message: estimateText.overtime };
  if (elapsed > estimate.typical * 1.2) return { phase: 'slow', percent, message: estimateText.slow };
  const remaining = Math.max(1, estimate.typical - elapsed);
  return { phase: 'normal', percent, message: estimateText.remaining(estimateDurationWording(remaining)) };
}

/** What a progress job tells the page (a subset of a generation job). */
export interface ProgressJob {
  status: string;
  stage: string;
  percent: number;
}

export interface ProgressView {
  percent: number;
  /** The job's own stage once it reports one, else the estimate's message. */
  detail: string;
  /** The 'Taking longer' or overtime message shown under a real stage; null while on time. */
  note: string | null;
  phase: EstimatePhase;
  /** Whether the numbers come from the job rather than the estimate. */
  live: boolean;
}

/** A running job reports real progress once it has a percent, or a stage of its own beyond 'Starting'. */
export function hasRealProgress(job: ProgressJob | undefined): job is ProgressJob {
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return false;
  return job.percent > 0 || (job.status === 'running' && job.stage !== '' && job.stage !== 'Starting');
}

/** The live progress of a task: the job's own stage and percent when it reports them, else the §9 estimate. */
export function progressView(estimate: ProgressEstimate, elapsedSeconds: number, job?: ProgressJob): ProgressView {
  const status = estimateStatus(estimate, elapsedSeconds);
  if (!hasRealProgress(job)) {
    return { percent: status.percent, detail: status.message, note: null, phase: status.phase, live: false };
  }
  return {
    percent: Math.round(Math.max(0, Math.min(100, job.percent))),
    detail: job.stage || status.message,
    note: status.phase === 'normal' ? null : status.message,
    phase: status.phase,
    live: true,
  };
}
