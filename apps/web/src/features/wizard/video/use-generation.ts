import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../../lib/trpc.ts';
import { isJobActive, useProjectJobs, type GenerationJob, type GenerationJobKind } from '../use-project-jobs.ts';

export interface GenerationActivity {
  /** The newest job of the kind, if any. */
  job: GenerationJob | undefined;
  /** A request of this page is waiting, or the server is still working on one (perhaps started before a reload). */
  active: boolean;
  /** When the work started (ms), for the estimate. */
  startedAt: number | null;
}

/**
 * The live state of one kind of generation job for the project. When a job that was running ends
 * (for instance one started before the user left and came back) the saved project is read again,
 * so finished work shows as done.
 */
export function useGeneration(projectId: string | undefined, kind: GenerationJobKind, pending: boolean, submittedAt: number): GenerationActivity {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { latestJobOf } = useProjectJobs(projectId);
  const job = latestJobOf(kind);
  const running = job ? isJobActive(job) : false;
  const wasRunning = useRef(false);

  useEffect(() => {
    if (running) {
      wasRunning.current = true;
      return;
    }
    if (wasRunning.current && projectId) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: trpc.projects.get.queryKey({ id: projectId }) });
    }
  }, [running, projectId, queryClient, trpc]);

  const jobStart = running && job ? (job.startedAt ?? job.createdAt).getTime() : null;
  return {
    job,
    active: pending || running,
    startedAt: jobStart ?? (pending && submittedAt > 0 ? submittedAt : null),
  };
}
