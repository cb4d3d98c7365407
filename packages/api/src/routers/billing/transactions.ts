import { listTransactions, listTransactionsOrPage } from '@reelsmith/core';
import { listOrPagedSchema, optionalPageQuerySchema, transactionSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc.ts';

export const transactionsRouter = router({
  /** The web app's payment list (a plain array); REST GET /api/transactions is listPaged. */
  list: protectedProcedure
    .meta({ summary: "The customer's payments, newest first" })
    .output(z.array(transactionSchema))
    .query(({ ctx }) => listTransactions(ctx.deps.db, ctx.user.id)),
  /** REST: GET /api/transactions — the documented plain array; with `page` or `limit`, the paging envelope. */
  listPaged: protectedProcedure
    .meta({
      summary: "The customer's payments, newest first; paged (the envelope) when page or limit is given",
      rest: { method: 'GET', path: '/api/transactions', access: 'customer', inputFrom: 'query' },
    })
    .input(optionalPageQuerySchema)
    .output(listOrPagedSchema(transactionSchema))
    .query(({ ctx, input }) => listTransactionsOrPage(ctx.deps.db, ctx.user.id, input)),
});
