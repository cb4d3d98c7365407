import type { AppRouter } from '@reelsmith/api';
import { isReauthTrpcError } from '@reelsmith/ui/api';
import { skipToken } from '@tanstack/react-query';
import { useSubscription, type inferOutput, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { forceReauth } from '../../lib/reauth.ts';
import { useTRPC } from '../../lib/trpc.ts';

export type GenerationJob = inferOutput<TRPCOptionsProxy<AppRouter>['generation']['jobs']>[number];
export type GenerationJobKind = GenerationJob['kind'];

const activeStatuses: ReadonlySet<GenerationJob['status']> = new Set(['queued', 'running']);

export function isJobActive(job: Pick<GenerationJob, 'status'>): boolean {
  return activeStatuses.has(job.status);
}

/** The newest job of a kind (jobs arrive newest first), if any. */
export function latestJobOf(jobs: readonly GenerationJob[], kind: GenerationJobKind): GenerationJob | undefined {
  return jobs.find((job) => job.kind === kind);
}

/**
 * Live generation progress of a project over server-sent events (generation.progress): every change of
 * a job's status, stage, percent or error arrives as the project's full list of recent jobs.
 * Pass null (a new, unsaved project) to stay disconnected.
 */
export function useProjectJobs(projectId: string | null | undefined) {
  const trpc = useTRPC();
  const subscription = useSubscription(
    trpc.generation.progress.subscriptionOptions(projectId ? { id: projectId } : skipToken, {
      onError: (error) => {
        if (isReauthTrpcError(error)) forceReauth();
      },
    }),
  );
  // Each event carries the list and its id (tRPC sends the id back when it reconnects, to resume).
  const jobs: readonly GenerationJob[] = subscription.data?.data ?? [];
  return {
    jobs,
    /** 'connecting', 'pending' (connected, streaming), 'error' or 'idle' (no project). */
    status: subscription.status,
    error: subscription.error,
    activeJob: jobs.find(isJobActive),
    latestJobOf: (kind: GenerationJobKind) => latestJobOf(jobs, kind),
  };
}
