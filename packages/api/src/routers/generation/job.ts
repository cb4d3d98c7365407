import { findCustomerJob } from '@reelsmith/core';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';
import { generationJobSchema } from './job-schema.ts';

/** REST: GET /api/jobs/{id} */
export const jobProcedure = protectedProcedure
  .meta({
    summary: "One of the customer's generation jobs: status, stage, percent, error, and the result once it succeeded",
    rest: { method: 'GET', path: '/api/jobs/{id}', access: 'customer', inputFrom: 'path' },
  })
  .input(z.object({ id: z.string().max(64) }).strict())
  .output(generationJobSchema.extend({ result: z.record(z.string(), z.unknown()).nullable() }))
  .query(async ({ ctx, input }) => {
    const job = await findCustomerJob(ctx.deps, ctx.user.id, input.id);
    return { ...job, result: (job.result ?? null) as Record<string, unknown> | null };
  });
