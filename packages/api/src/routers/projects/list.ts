import { listProjects } from '@reelsmith/core';
import { projectSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** The web app's project list (a plain array); REST GET /api/projects is listPaged beside it. */
export const listProcedure = protectedProcedure
  // Built by toProject, which checks every stored part: not checked a second time (ApiMeta.answer).
  .meta({ summary: "The customer's projects, most recently changed first", answer: z.array(projectSchema) })
  .query(({ ctx }) => listProjects(ctx.deps, ctx.user.id));
