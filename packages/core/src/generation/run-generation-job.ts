import type { GenerationKind } from '@reelsmith/db';
import { isProviderError, providerErrorMessage } from '@reelsmith/media';
import { AppError } from '@reelsmith/shared';
import { capabilityOfStep, recordGenerationCost } from './generation-costs.ts';
import type { AppDeps } from '../app-deps.ts';
import { stepFailureReason } from './failure-reason.ts';
import { finaliseFailedJob } from './finalise-failed-job.ts';
import { noteProviderFailure } from './provider-credit.ts';
import { claimJobAttempt, findGenerationJob, lockCurrentAttempt, markJobHandedBack, markJobRetrying, markJobSucceeded, reportJobProgress } from './generation-jobs.ts';
import { StaleAttemptError, type JobContext } from './job-context.ts';
import { announceJobFinished } from '../webhooks/webhook-events.ts';
import { changeProject } from './project-update.ts';
import { runAvatarProductStep } from './steps/avatar-product-step.ts';
import { runAvatarsStep } from './steps/avatars-step.ts';
import { runFinalStep } from './steps/final-step.ts';
import { runVideosStep } from './steps/videos-step.ts';
import { runVoiceoverStep } from './steps/voiceover-step.ts';

const steps: Record<GenerationKind, (ctx: JobContext) => Promise<Record<string, unknown>>> = {
  voiceover: runVoiceoverStep,
  avatars: runAvatarsStep,
  avatar_product: runAvatarProductStep,
  videos: runVideosStep,
  final: runFinalStep,
};

/** Errors that retrying cannot fix: bad input, missing prerequisites, refused by the plan or the provider. */
function isPermanent(err: unknown): boolean {
  if (err instanceof AppError) return err.status < 500;
  // The adapter already retried what a retry can fix (429, 5xx) within its own deadline.
  if (isProviderError(err)) return !err.retryable || err.kind === 'timeout';
  const name = err instanceof Error ? err.name : '';
  return ['SceneValidationError', 'VoiceError', 'ImageUploadError'].includes(name);
}

/** The message a customer may read; internals (tool output, stack traces, provider answers) stay in the log. */
function readableError(err: unknown, kind: GenerationKind): string {
  if (err instanceof AppError) return err.message;
  if (isProviderError(err)) return providerErrorMessage(capabilityOfStep[kind], err.kind);
  if (err instanceof Error && ['SceneValidationError', 'VoiceError', 'ImageUploadError'].includes(err.name)) return err.message;
  if (err instanceof Error && (err.name === 'MediaToolError' || err.name === 'VideoRenderError')) return 'Rendering failed on our side. Please try again.';
  return 'Generation failed on our side. Please try again.';
}

export interface AttemptInfo {
  /** True when the queue will not retry this job after a failure. */
  lastAttempt: boolean;
  /** Told the attempt this runner claimed, or null when it claimed none (the job runner hands it back on shutdown). */
  onClaimed?: (attempt: number | null) => void;
}

/**
 * How long a running attempt is its runner's alone: a second delivery of the job within this time
 * leaves it be (one provider charge per result), a later one takes it over. The queue delivers a job
 * again only after its worker's heartbeat has been missing for its heartbeat time (10 s, pg-boss's
 * least; packages/jobs RECOVERY.heartbeatSeconds, which must not be shorter than this).
 */
export const RUNNING_ATTEMPT_LEASE_SECONDS = 10;

/** succeeded / finalised (dead): this runner recorded the end; skipped: done, claimed or taken over elsewhere. A retryable failure throws. */
export type RunOutcome = 'succeeded' | 'finalised' | 'skipped';

/**
 * Runs one generation job (called by the queue's worker). Idempotent: a job already done is left
 * alone; outputs are stored under content keys before the project points at them, so a killed
 * attempt leaves nothing half-referenced and the retry reuses what was finished. Started twice for
 * the same job, only the runner that claims the attempt works; a runner whose attempt was taken over
 * (its worker was thought dead) records nothing more.
 */
export async function runGenerationJob(deps: AppDeps, generationJobId: string, attempt: AttemptInfo): Promise<RunOutcome> {
  const row = await findGenerationJob(deps.db, generationJobId);
  if (!row || row.status === 'succeeded' || row.status === 'dead') {
    attempt.onClaimed?.(null);
    return 'skipped';
  }
  const now = deps.clock.now();
  const current = await claimJobAttempt(deps.db, row.id, row.attempts, now, new Date(now.getTime() - RUNNING_ATTEMPT_LEASE_SECONDS * 1000));
  attempt.onClaimed?.(current);
  if (current === null) {
    deps.logger.warn({ jobId: row.id, kind: row.kind }, 'generation job already claimed by another runner');
    return 'skipped';
  }
  const ctx: JobContext = {
    deps,
    jobId: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    kind: row.kind,
    input: row.input,
    progress: (stage, percent) => reportJobProgress(deps.db, row.id, current, stage, percent),
    recordCost: (cost) => recordGenerationCost(deps, { jobId: row.id, projectId: row.project_id, userId: row.user_id }, capabilityOfStep[row.kind], cost),
    saveProject: (change) =>
      deps.db.transaction().execute(async (trx) => {
        if (!(await lockCurrentAttempt(trx, row.id, current))) throw new StaleAttemptError(row.id);
        return changeProject(trx, row.user_id, row.project_id, change);
      }),
  };
  try {
    const result = await steps[row.kind](ctx);
    if (await markJobSucceeded(deps.db, row.id, current, deps.clock.now(), result)) {
      // After the job's own write, outside any transaction; a webhook that cannot be recorded never fails the job.
      await announceJobFinished(deps, row.id);
      return 'succeeded';
    }
    deps.logger.warn({ jobId: row.id, kind: row.kind, attempt: current }, 'generation attempt finished after it was taken over; result not recorded');
    return 'skipped';
  } catch (err) {
    if (err instanceof StaleAttemptError) {
      deps.logger.warn({ jobId: row.id, kind: row.kind, attempt: current }, 'generation attempt taken over before it saved; outputs not recorded');
      return 'skipped';
    }
    await noteProviderFailure(deps, err);
    const permanent = isPermanent(err);
    const final = permanent || attempt.lastAttempt;
    const detail = err instanceof Error ? err.message : String(err);
    const message = readableError(err, row.kind);
    const reason = stepFailureReason(err, row.kind);
    deps.logger.warn({ jobId: row.id, kind: row.kind, err: detail, reason, final }, 'generation attempt failed');
    if (final) {
      // The customer's own mistakes (4xx) keep the credit spent; our failures give it back.
      const done = await finaliseFailedJob(deps, row.id, { message, reason, detail, ourFault: !(err instanceof AppError && err.status < 500), attempt: current });
      return done.finalised ? 'finalised' : 'skipped';
    }
    await markJobRetrying(deps.db, row.id, current, message, reason);
    throw err;
  }
}

/**
 * A worker stopping with this attempt still running gives it back before the queue redelivers the job:
 * otherwise the next delivery would find an attempt younger than RUNNING_ATTEMPT_LEASE_SECONDS and leave
 * it be, and the job would wait on a runner that is gone. The stopped runner's later writes are fenced out.
 */
export async function handBackJobAttempt(deps: Pick<AppDeps, 'db'>, generationJobId: string, attempt: number): Promise<boolean> {
  return markJobHandedBack(deps.db, generationJobId, attempt);
}
