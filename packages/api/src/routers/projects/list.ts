import { listProjects } from '@reelsmith/core';
import { projectSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure } from '../../trpc.ts';

/** REST: GET /api/projects */
export const listProcedure = protectedProcedure
  .meta({ summary: "The customer's projects, most recently changed first", rest: { method: 'GET', path: '/api/projects', access: 'customer' } })
  .output(z.array(projectSchema))
  .query(({ ctx }) => listProjects(ctx.deps, ctx.user.id));
