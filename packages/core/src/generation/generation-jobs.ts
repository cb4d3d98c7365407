import type { Executor, GenerationKind, GenerationStatus } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import { findOwnedProject } from '../projects/project-rows.ts';

export interface GenerationJobView {
  id: string;
  projectId: string;
  kind: GenerationKind;
  status: GenerationStatus;
  stage: string;
  percent: number;
  error: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const columns = ['id', 'project_id', 'kind', 'status', 'stage', 'percent', 'error', 'attempts', 'created_at', 'started_at', 'finished_at', 'user_id', 'input'] as const;

export async function findGenerationJob(db: Executor, id: string) {
  return db.selectFrom('generation_jobs').select(columns).where('id', '=', id).executeTakeFirst();
}

export function toJobView(row: NonNullable<Awaited<ReturnType<typeof findGenerationJob>>>): GenerationJobView {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
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
  return db.selectFrom('generation_jobs').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Claims the next attempt of a job (compare-and-set on the attempt count it read): answers the new
 * attempt number, or null when another runner claimed it first or the job already finished. Every
 * later write of the runner is fenced on that number, so a stale runner changes nothing.
 */
export async function claimJobAttempt(db: Executor, id: string, seenAttempts: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('generation_jobs')
    .set((eb) => ({ status: 'running', started_at: now, attempts: eb('attempts', '+', 1), error: null, stage: 'Starting', percent: 0, finished_at: null }))
    .where('id', '=', id)
    .where('attempts', '=', seenAttempts)
    .where('status', 'not in', ['succeeded', 'dead'])
    .returning('attempts')
    .executeTakeFirst();
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
    .set({ status: 'succeeded', stage: 'Done', percent: 100, finished_at: now, result: JSON.stringify(result), error: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** A failed attempt the queue will retry. */
export async function markJobRetrying(db: Executor, id: string, attempt: number, error: string): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: 'failed', error: error.slice(0, 2000), finished_at: null, stage: 'Retrying' })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/** The end of a job that will not be retried; only finaliseFailedJob calls it, under the job's row lock. */
export async function markJobDead(db: Executor, id: string, now: Date, error: string): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: 'dead', error: error.slice(0, 2000), finished_at: now, stage: 'Failed' })
    .where('id', '=', id)
    .execute();
}

const finished: GenerationStatus[] = ['succeeded', 'dead'];

/**
 * Waits for a job to finish (the REST calls keep their request/response contract this way).
 * Polls the jobs table, so it works whichever process runs the worker.
 */
export async function waitForGenerationJob(deps: CoreDeps, id: string, timeoutMs: number, pollMs = 200): Promise<GenerationJobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findGenerationJob(deps.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'The generation job no longer exists (was the project deleted?).');
    if (finished.includes(row.status)) return toJobView(row);
    if (Date.now() > deadline) throw new AppError('GATEWAY_TIMEOUT', 'Generation is taking longer than expected. It keeps running: reload the project in a minute.');
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export async function latestJobs(db: Executor, projectId: string): Promise<GenerationJobView[]> {
  const rows = await db
    .selectFrom('generation_jobs')
    .select(columns)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map(toJobView);
}

/**
 * Live progress of a project's jobs for its owner. Access is checked here, before the stream
 * starts, so a missing, malformed or foreign project id answers not-found rather than a stream that
 * breaks on its first read.
 */
export async function watchProjectJobs(deps: CoreDeps, userId: string, projectId: string, signal?: AbortSignal, options: { pollMs?: number; maxMs?: number } = {}): Promise<AsyncGenerator<GenerationJobView[]>> {
  await findOwnedProject(deps.db, userId, projectId);
  return jobSnapshots(deps.db, projectId, signal, options.pollMs ?? 500, options.maxMs ?? 30 * 60_000);
}

async function* jobSnapshots(db: Executor, projectId: string, signal: AbortSignal | undefined, pollMs: number, maxMs: number): AsyncGenerator<GenerationJobView[]> {
  let last = '';
  const deadline = Date.now() + maxMs;
  while (!signal?.aborted && Date.now() < deadline) {
    const jobs = await latestJobs(db, projectId);
    const snapshot = JSON.stringify(jobs.map((j) => [j.id, j.status, j.stage, j.percent, j.error]));
    if (snapshot !== last) {
      last = snapshot;
      yield jobs;
    }
    await pause(pollMs, signal);
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
