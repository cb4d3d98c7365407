import type { GenerationKind } from '@reelsmith/db';
import { isProviderError, providerErrorMessage } from '@reelsmith/media';
import { AppError } from '@reelsmith/shared';
import { CREDIT_RETURNED_NOTE, returnVideoCredit } from './credit-return.ts';
import { capabilityOfStep, recordGenerationCost } from './generation-costs.ts';
import type { AppDeps } from './generation-deps.ts';
import { findGenerationJob, markJobFailed, markJobRunning, markJobSucceeded, reportJobProgress } from './generation-jobs.ts';
import type { JobContext } from './job-context.ts';
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

/** The paid step: its final failure gives the project's video credit back. */
const PAID_STEP: GenerationKind = 'videos';

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
}

/**
 * Runs one generation job (called by the queue's worker). Idempotent: a job already done is left
 * alone; outputs are stored under content keys before the project points at them, so a killed
 * attempt leaves nothing half-referenced and the retry reuses what was finished.
 */
export async function runGenerationJob(deps: AppDeps, generationJobId: string, attempt: AttemptInfo): Promise<void> {
  const row = await findGenerationJob(deps.db, generationJobId);
  if (!row || row.status === 'succeeded' || row.status === 'dead') return;
  await markJobRunning(deps.db, row.id, deps.clock.now());
  const ctx: JobContext = {
    deps,
    jobId: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    kind: row.kind,
    input: row.input,
    progress: (stage, percent) => reportJobProgress(deps.db, row.id, stage, percent),
    recordCost: (cost) => recordGenerationCost(deps.db, { jobId: row.id, projectId: row.project_id, userId: row.user_id }, capabilityOfStep[row.kind], cost),
  };
  try {
    const result = await steps[row.kind](ctx);
    await markJobSucceeded(deps.db, row.id, deps.clock.now(), result);
  } catch (err) {
    const permanent = isPermanent(err);
    const final = permanent || attempt.lastAttempt;
    let message = readableError(err, row.kind);
    deps.logger.warn({ jobId: row.id, kind: row.kind, err: err instanceof Error ? err.message : String(err), final }, 'generation attempt failed');
    if (final && row.kind === PAID_STEP && !(err instanceof AppError && err.status < 500)) {
      const returned = await deps.db.transaction().execute((trx) =>
        returnVideoCredit(trx, { userId: row.user_id, projectId: row.project_id, jobId: row.id, reason: err instanceof Error ? err.message : String(err) }),
      );
      if (returned) message = `${message} ${CREDIT_RETURNED_NOTE}`;
    }
    await markJobFailed(deps.db, row.id, deps.clock.now(), message, final);
    if (final) {
      // The project keeps its last good state and shows a readable error.
      await deps.db.updateTable('projects').set({ last_error: message }).where('id', '=', row.project_id).execute();
      return;
    }
    throw err;
  }
}
