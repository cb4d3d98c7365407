import { findOwnedProject, latestJobs } from '@reelsmith/core';
import { projectIdInputSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { generationJobSchema } from './job-schema.ts';

/** The project's recent jobs (stage, percent, errors). */
export const jobsProcedure = protectedProcedure
  .meta({ summary: "The project's recent generation jobs" })
  .input(projectIdInputSchema)
  .output(z.array(generationJobSchema))
  .query(async ({ ctx, input }) => {
    await findOwnedProject(ctx.deps.db, ctx.user.id, input.id);
    return latestJobs(ctx.deps.db, input.id);
  });
