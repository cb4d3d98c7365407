import type { Project, Reason } from '@reelsmith/shared';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { isJobActive, useProjectJobs, type GenerationJob, type GenerationJobKind } from './use-project-jobs.ts';

export interface GenerationActivity {
  /** The newest job of the kind, if any. */
  job: GenerationJob | undefined;
  /** This page is starting or following one, or the server is still working on one (perhaps started before a reload). */
  active: boolean;
  /** When the work started (ms), for the estimate. */
  startedAt: number | null;
}

/**
 * A step's job that ended in failure, read as the step's request used to fail: an unprocessable
 * request (422) with the job's message and reason code, so the steps' §8 messages read it unchanged.
 */
export class JobFailedError extends Error {
  readonly data: { httpStatus: number; reason: Reason };

  constructor(job: Pick<GenerationJob, 'error' | 'reason'>) {
    super(job.error ?? 'Generation failed. Please try again.');
    this.name = 'JobFailedError';
    this.data = { httpStatus: 422, reason: job.reason ?? 'generation_failed' };
  }
}

/** What starting a step answers (generation.start.*). */
interface Started {
  job: GenerationJob;
}

/**
 * One generation step as the browser runs it. `run(input)` starts the job (the request answers at
 * once), follows it on the project's progress stream, and when it is done reads the project again
 * and answers it; a failed job rejects with JobFailedError. No request stays open while the job runs,
 * so a proxy's timeout or a closed laptop lid cannot fail a step that is still being made.
 * A job of this kind that was running when the page opened (a reload, another tab) is followed too:
 * when it ends, the saved project is read again so finished work shows as done.
 */
export function useStepJob<TInput, TError>(projectId: string | undefined, kind: GenerationJobKind, startOptions: UseMutationOptions<Started, TError, TInput>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { jobs, latestJobOf } = useProjectJobs(projectId);
  const start = useMutation(startOptions);
  const [following, setFollowing] = useState(0);
  const [submittedAt, setSubmittedAt] = useState(0);
  const waiters = useRef(new Map<string, ((job: GenerationJob) => void)[]>());
  const latest = useRef(jobs);
  latest.current = jobs;

  // Each list the stream brings settles the waits for jobs it shows finished.
  useEffect(() => {
    for (const [id, resolvers] of waiters.current) {
      const job = jobs.find((j) => j.id === id);
      if (!job || isJobActive(job)) continue;
      waiters.current.delete(id);
      for (const resolve of resolvers) resolve(job);
    }
  }, [jobs]);

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

  const finished = useCallback((started: GenerationJob): Promise<GenerationJob> => {
    if (!isJobActive(started)) return Promise.resolve(started);
    const seen = latest.current.find((j) => j.id === started.id);
    if (seen && !isJobActive(seen)) return Promise.resolve(seen);
    return new Promise((resolve) => waiters.current.set(started.id, [...(waiters.current.get(started.id) ?? []), resolve]));
  }, []);

  const { mutateAsync } = start;
  const run = useCallback(
    async (input: TInput): Promise<{ job: GenerationJob; project: Project }> => {
      setFollowing((n) => n + 1);
      setSubmittedAt(Date.now());
      try {
        const { job: started } = await mutateAsync(input);
        const done = await finished(started);
        if (done.status !== 'succeeded') throw new JobFailedError(done);
        const project = await queryClient.fetchQuery({ ...trpc.projects.get.queryOptions({ id: done.projectId }), staleTime: 0 });
        return { job: done, project };
      } finally {
        setFollowing((n) => n - 1);
      }
    },
    [finished, mutateAsync, queryClient, trpc],
  );

  const pending = following > 0;
  const jobStart = running && job ? (job.startedAt ?? job.createdAt).getTime() : null;
  const activity: GenerationActivity = {
    job,
    active: pending || running,
    startedAt: jobStart ?? (pending && submittedAt > 0 ? submittedAt : null),
  };
  return { run, pending, activity, jobs };
}
