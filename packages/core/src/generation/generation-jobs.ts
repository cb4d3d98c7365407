import { findGenerationJob, findOwnedGenerationJob, type GenerationStatus } from '@reelsmith/db';

// The job table's queries live in packages/db; these are re-exported for the runner and the services.
export {
  claimJobAttempt,
  findGenerationJob,
  insertGenerationJob,
  lockCurrentAttempt,
  lockGenerationJob,
  markJobDead,
  markJobHandedBack,
  markJobRetrying,
  markJobSucceeded,
  reportJobProgress,
} from '@reelsmith/db';
import { AppError, generationMessages, isUuid } from '@reelsmith/shared';
import type { AppDeps } from '../app-deps.ts';
import { findOwnedProject } from '../projects/project-rows.ts';
import { toJobView, type GenerationJobView } from './job-views.ts';

export { latestJobs, toJobView, type GenerationJobView } from './job-views.ts';
export { JobEvents, jobsSnapshotId } from './job-events.ts';

const finished: ReadonlySet<GenerationStatus> = new Set(['succeeded', 'dead']);

export function isJobFinished(job: Pick<GenerationJobView, 'status'>): boolean {
  return finished.has(job.status);
}

/**
 * Waits for a job to finish (the REST calls without `Prefer: respond-async` keep their request and
 * response contract this way). It follows the job through the process's job events, so it works
 * whichever process runs the worker and reads nothing on a timer.
 */
export async function waitForGenerationJob(deps: Pick<AppDeps, 'db' | 'jobEvents'>, job: { id: string; projectId: string }, timeoutMs: number): Promise<GenerationJobView> {
  const timeout = AbortSignal.timeout(timeoutMs);
  for await (const jobs of deps.jobEvents.watch(job.projectId, timeout)) {
    // The project's recent jobs hold the one waited for; one pushed out of them is read by itself.
    const seen = jobs.find((j) => j.id === job.id) ?? (await findGenerationJob(deps.db, job.id).then((row) => row && toJobView(row)));
    if (!seen) throw new AppError('NOT_FOUND', 'The generation job no longer exists (was the project deleted?).');
    if (isJobFinished(seen)) return seen;
  }
  throw new AppError('GATEWAY_TIMEOUT', 'Generation is taking longer than expected. It keeps running: reload the project in a minute.');
}

/**
 * Live progress of a project's jobs for its owner: the list now, then every change, pushed (job
 * events), until the signal aborts (the transport ends long connections and the browser reconnects).
 * Access is checked here, before the stream starts, so a missing, malformed or foreign project id
 * answers not-found rather than a stream that breaks on its first read.
 */
export async function watchProjectJobs(deps: Pick<AppDeps, 'db' | 'jobEvents'>, userId: string, projectId: string, signal?: AbortSignal): Promise<AsyncGenerator<GenerationJobView[]>> {
  await findOwnedProject(deps.db, userId, projectId);
  return deps.jobEvents.watch(projectId, signal);
}


/** A job as an integrator follows it (GET /api/jobs/{id}): its state, and its result once it succeeded. */
export interface CustomerJobView extends GenerationJobView {
  result: unknown;
}

/** The customer's own job; another customer's, a missing or a malformed id are all not found. */
export async function findCustomerJob(deps: Pick<AppDeps, 'db'>, userId: string, id: string): Promise<CustomerJobView> {
  const row = isUuid(id) ? await findOwnedGenerationJob(deps.db, userId, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', generationMessages.jobNotFound, { reason: 'not_found' });
  return { ...toJobView(row), result: row.status === 'succeeded' ? row.result : null };
}
