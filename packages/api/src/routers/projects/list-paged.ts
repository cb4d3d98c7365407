import { listProjectsOrPage } from '@reelsmith/core';
import { listOrPagedSchema, optionalPageQuerySchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** REST: GET /api/projects — the documented plain array; with `page` or `limit`, the paging envelope. */
export const listPagedProcedure = protectedProcedure
  .meta({
    summary: "The customer's projects, most recently changed first; paged (the envelope) when page or limit is given",
    rest: { method: 'GET', path: '/api/projects', access: 'customer', inputFrom: 'query' },
    // Built by toProject, which checks every stored part: not checked a second time (ApiMeta.answer).
    answer: listOrPagedSchema(projectSchema),
  })
  .input(optionalPageQuerySchema)
  .query(({ ctx, input }) => listProjectsOrPage(ctx.deps, ctx.user.id, input));
