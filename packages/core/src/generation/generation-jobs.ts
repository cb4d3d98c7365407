import type { Executor, GenerationKind, GenerationStatus } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';

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

export async function markJobRunning(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set((eb) => ({ status: 'running', started_at: now, attempts: eb('attempts', '+', 1), error: null, stage: 'Starting', percent: 0 }))
    .where('id', '=', id)
    .execute();
}

export async function reportJobProgress(db: Executor, id: string, stage: string, percent: number): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ stage: stage.slice(0, 200), percent: Math.max(0, Math.min(100, Math.round(percent))) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function markJobSucceeded(db: Executor, id: string, now: Date, result: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: 'succeeded', stage: 'Done', percent: 100, finished_at: now, result: JSON.stringify(result), error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: 'failed' while the queue may retry it, 'dead' once it will not. */
export async function markJobFailed(db: Executor, id: string, now: Date, error: string, final: boolean): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ status: final ? 'dead' : 'failed', error: error.slice(0, 2000), finished_at: final ? now : null, stage: final ? 'Failed' : 'Retrying' })
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
