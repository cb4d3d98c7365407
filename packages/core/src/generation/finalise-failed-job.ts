import { updateProjectRow, type GenerationKind } from '@reelsmith/db';
import type { Reason } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { CREDIT_RETURNED_NOTE, returnVideoCredit } from './credit-return.ts';
import { lockGenerationJob, markJobDead } from './generation-jobs.ts';
import { announceJobFinished } from '../webhooks/webhook-events.ts';

/** The paid step: its final failure gives the project's video credit back. */
export const PAID_STEP: GenerationKind = 'videos';

/** What the customer reads when the queue gave up on a job (its worker kept dying, or it ran out of retries). */
export const DEAD_LETTER_MESSAGE = 'Generation stopped after several attempts. Please try again.';

export interface JobFailure {
  /** What the customer reads on the job and the project. */
  message: string;
  /** The stable reason code the customer's browser maps to the spec's titled error. */
  reason: Reason;
  /** The internal detail, kept (shortened) with a returned credit; never shown to the customer. */
  detail: string;
  /** False when the failure is the customer's own (bad input, refused by the plan): no credit comes back. */
  ourFault: boolean;
  /**
   * The attempt the caller ran (generation_jobs.attempts when it started). When the job has moved
   * on to a later attempt, this caller is stale and finalises nothing. Absent: any attempt.
   */
  attempt?: number | undefined;
}

export interface FinalisedJob {
  /** False when the job was already finished (succeeded or dead), gone, or taken by a later attempt. */
  finalised: boolean;
  creditReturned: boolean;
  /** The message stored on the job and the project (with the credit note when a credit came back). */
  message: string;
}

/**
 * The one end of a job that will not be retried, whichever path got there (the runner's last
 * attempt, a permanent error, the queue's dead letter): in one transaction, under the job's row
 * lock, the job turns dead, the paid step's credit comes back when the failure was ours, and the
 * project shows the error. A second call finds the job dead and does nothing, so a job finalised
 * twice returns one credit.
 */
export async function finaliseFailedJob(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger' | 'webhooks' | 'metrics'>, jobId: string, failure: JobFailure): Promise<FinalisedJob> {
  const outcome = await deps.db.transaction().execute(async (trx): Promise<FinalisedJob> => {
    const row = await lockGenerationJob(trx, jobId);
    const stale = !row || row.status === 'succeeded' || row.status === 'dead' || (failure.attempt !== undefined && row.attempts !== failure.attempt);
    if (stale) return { finalised: false, creditReturned: false, message: failure.message };
    const creditReturned =
      row.kind === PAID_STEP && failure.ourFault && (await returnVideoCredit(trx, { userId: row.user_id, projectId: row.project_id, jobId: row.id, reason: failure.detail }));
    const message = creditReturned ? `${failure.message} ${CREDIT_RETURNED_NOTE}` : failure.message;
    await markJobDead(trx, row.id, deps.clock.now(), message, failure.reason);
    // The project keeps its last good state and shows a readable error.
    await updateProjectRow(trx, row.project_id, { last_error: message });
    return { finalised: true, creditReturned, message };
  });
  // After the commit, never inside the transaction (on PGlite the queue's SQL would wait for it); never throws.
  if (outcome.creditReturned) deps.metrics?.creditReturned();
  if (outcome.finalised) await announceJobFinished(deps, jobId);
  return outcome;
}
