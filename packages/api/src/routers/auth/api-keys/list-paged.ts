import { listApiKeysOrPage } from '@reelsmith/core';
import { apiKeySchema, listOrPagedSchema, optionalPageQuerySchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../../trpc.ts';

/**
 * REST: GET /api/auth/api-keys — the plain array; with `page` or `limit`, the paging envelope. A key
 * may list its owner's keys: the list holds no secrets.
 */
export const listApiKeysPagedProcedure = protectedProcedure
  .meta({
    summary: "The customer's API keys (name, prefix, created, last used; never the key); paged (the envelope) when page or limit is given",
    rest: { method: 'GET', path: '/api/auth/api-keys', access: 'customer', inputFrom: 'query' },
  })
  .input(optionalPageQuerySchema)
  .output(listOrPagedSchema(apiKeySchema))
  .query(({ ctx, input }) => listApiKeysOrPage(ctx.deps, ctx.user.id, input));
