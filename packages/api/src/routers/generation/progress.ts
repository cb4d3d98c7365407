import { watchProjectJobs } from '@reelsmith/core';
import { projectIdInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** Live progress of the project's jobs, pushed over server-sent events (a missing or foreign project: NOT_FOUND). */
export const progressProcedure = protectedProcedure.input(projectIdInputSchema).subscription(({ ctx, input, signal }) => watchProjectJobs(ctx.deps, ctx.user.id, input.id, signal));
