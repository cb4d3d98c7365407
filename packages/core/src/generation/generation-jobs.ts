import { findGenerationJob, listLatestJobRows, type Executor, type GenerationJobRow, type GenerationKind, type GenerationStatus } from '@reelsmith/db';

// The job table's queries live in packages/db; these are re-exported for the runner and the services.
export {
  claimJobAttempt,
  findGenerationJob,
  insertGenerationJob,
  lockCurrentAttempt,
  lockGenerationJob,
  markJobDead,
  markJobRetrying,
  markJobSucceeded,
  reportJobProgress,
} from '@reelsmith/db';
import { AppError, asReason, type Reason } from '@reelsmith/shared';
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
  /** The stable reason code of `error`, for the browser's titled error. */
  reason: Reason | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export function toJobView(row: GenerationJobRow): GenerationJobView {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    reason: asReason(row.error_reason) ?? null,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
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
  return (await listLatestJobRows(db, projectId, 20)).map(toJobView);
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
