import type { GenerationKind } from '../schema.ts';
import type { Executor } from './users.ts';

// Generation jobs: each write of a runner is fenced on its attempt number, so a runner thought dead
// changes nothing once another took the job over (packages/core/src/generation decides).

const jobColumns = ['id', 'project_id', 'kind', 'status', 'stage', 'percent', 'error', 'error_reason', 'attempts', 'created_at', 'started_at', 'finished_at', 'user_id', 'input'] as const;

export async function findGenerationJob(db: Executor, id: string) {
  return db.selectFrom('generation_jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertGenerationJob(db: Executor, job: { projectId: string; userId: string; kind: GenerationKind; input: Record<string, unknown> }): Promise<string> {
  const row = await db
    .insertInto('generation_jobs')
    .values({ project_id: job.projectId, user_id: job.userId, kind: job.kind, input: JSON.stringify(job.input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reads the job under its row lock (the finaliser decides on what it read). */
export async function lockGenerationJob(db: Executor, id: string) {
  return db.selectFrom('generation_jobs').select(jobColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Claims the next attempt of a job (compare-and-set on the attempt count it read): answers the new
 * attempt number, or null when another runner claimed it first or the job already finished. Every
 * later write of the runner is fenced on that number, so a stale runner changes nothing. With
 * `takeOverStartedBefore`, an attempt still running is taken over only if it started at or before
 * then (its worker may be dead); a younger one is left to its runner.
 */
export async function claimJobAttempt(db: Executor, id: string, seenAttempts: number, now: Date, takeOverStartedBefore?: Date): Promise<number | null> {
  let claim = db
    .updateTable('generation_jobs')
    .set((eb) => ({ status: 'running', started_at: now, attempts: eb('attempts', '+', 1), error: null, error_reason: null, stage: 'Starting', percent: 0, finished_at: null }))
    .where('id', '=', id)
    .where('attempts', '=', seenAttempts)
    .where('status', 'not in', ['succeeded', 'dead']);
  if (takeOverStartedBefore) {
    const before = takeOverStartedBefore;
    claim = claim.where((eb) => eb.or([eb('status', '!=', 'running'), eb('started_at', 'is', null), eb('started_at', '<=', before)]));
  }
  const row = await claim.returning('attempts').executeTakeFirst();
  return row?.attempts ?? null;
}

export async function reportJobProgress(db: Executor, id: string, attempt: number, stage: string, percent: number): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ stage: stage.slice(0, 200), percent: Math.max(0, Math.min(100, Math.round(percent))) })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Locks the job row for the caller's transaction while the attempt is still the running one; answers
 * false when another runner took the job over or it was finalised meanwhile.
 */
export async function lockCurrentAttempt(trx: Executor, id: string, attempt: number): Promise<boolean> {
  const row = await trx
    .selectFrom('generation_jobs')
    .select('id')
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Answers false when the attempt was no longer the job's current one (its result is not recorded). */
export async function markJobSucceeded(db: Executor, id: string, attempt: number, now: Date, result: Record<string, unknown>): Promise<boolean> {
  const res = await db
    .updateTable('generation_jobs')
    .set({ status: 'succeeded', stage: 'Done', percent: 100, finished_at: now, result: JSON.stringify(result), error: null, error_reason: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** A failed attempt the queue will retry. */
export async function markJobRetrying(db: Executor, id: string, attempt: number, error: string, reason: string): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: 'failed', error: error.slice(0, 2000), error_reason: reason, finished_at: null, stage: 'Retrying' })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/**
 * A running attempt given back by a worker that is shutting down: the job waits for a worker again, and
 * the next delivery claims it at once (no running attempt to leave alone). Fenced on the attempt, so a
 * runner that already lost the job changes nothing; answers whether it was still the current attempt.
 */
export async function markJobHandedBack(db: Executor, id: string, attempt: number): Promise<boolean> {
  const res = await db
    .updateTable('generation_jobs')
    .set({ status: 'queued', stage: 'Waiting for a worker', started_at: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** The end of a job that will not be retried; only finaliseFailedJob calls it, under the job's row lock. */
export async function markJobDead(db: Executor, id: string, now: Date, error: string, reason: string): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: 'dead', error: error.slice(0, 2000), error_reason: reason, finished_at: now, stage: 'Failed' })
    .where('id', '=', id)
    .execute();
}

/** A job row as read (the view, the runner's input and owner). */
export type GenerationJobRow = NonNullable<Awaited<ReturnType<typeof findGenerationJob>>>;

/** A project's most recent jobs, newest first. */
export function listLatestJobRows(db: Executor, projectId: string, limit: number): Promise<GenerationJobRow[]> {
  return db.selectFrom('generation_jobs').select(jobColumns).where('project_id', '=', projectId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** The result the project's last succeeded job of this kind recorded, or null. */
export async function findLatestSucceededResult(db: Executor, projectId: string, kind: GenerationKind): Promise<unknown> {
  const row = await db
    .selectFrom('generation_jobs')
    .select('result')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('status', '=', 'succeeded')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.result ?? null;
}

/** The project's newest job of this kind that is queued, running or waiting for its retry. */
export async function findOpenJobId(db: Executor, projectId: string, kind: GenerationKind): Promise<string | undefined> {
  const row = await db
    .selectFrom('generation_jobs')
    .select('id')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running', 'failed'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export async function setJobQueueId(db: Executor, id: string, queueJobId: string | null): Promise<void> {
  await db.updateTable('generation_jobs').set({ queue_job_id: queueJobId }).where('id', '=', id).execute();
}

/** A customer's own job with its recorded result (another customer's job is not found). */
export async function findOwnedGenerationJob(db: Executor, userId: string, id: string) {
  return db.selectFrom('generation_jobs').select([...jobColumns, 'result']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}
