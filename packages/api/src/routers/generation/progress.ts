import { jobsSnapshotId, watchProjectJobs, type GenerationJobView } from '@reelsmith/core';
import { projectIdInputSchema } from '@reelsmith/shared';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** The event id a reconnecting stream sends back (tRPC's `lastEventId`): the id of the list it last showed. */
const progressInputSchema = projectIdInputSchema.extend({ lastEventId: z.string().max(64).nullish() });

/**
 * Live progress of the project's jobs, pushed over server-sent events (a missing or foreign project:
 * NOT_FOUND). Each event is the project's recent jobs with an id naming that list; a stream that
 * reconnects with the id of the list it already shows gets only what changed after it.
 */
export const progressProcedure = protectedProcedure.input(progressInputSchema).subscription(async ({ ctx, input, signal }) => {
  // The access check answers before the stream starts (watchProjectJobs).
  const lists = await watchProjectJobs(ctx.deps, ctx.user.id, input.id, signal);
  return resumed(lists, input.lastEventId ?? null);
});

/** Each list with its id; the first is left out when it is the one the reconnecting browser showed last. */
async function* resumed(lists: AsyncGenerator<GenerationJobView[]>, lastEventId: string | null) {
  let skip = lastEventId;
  for await (const jobs of lists) {
    const id = jobsSnapshotId(jobs);
    if (id === skip) continue;
    skip = null;
    yield tracked(id, jobs);
  }
}
