import { listTransactions } from '@reelsmith/core';
import { transactionSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc.ts';

export const transactionsRouter = router({
  /** REST: GET /api/transactions */
  list: protectedProcedure
    .meta({ summary: "The customer's payments, newest first", rest: { method: 'GET', path: '/api/transactions', access: 'customer' } })
    .output(z.array(transactionSchema))
    .query(({ ctx }) => listTransactions(ctx.deps.db, ctx.user.id)),
});
