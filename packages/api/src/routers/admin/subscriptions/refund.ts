import { refundForAdmin } from '@reelsmith/core';
import { answeredPaymentStatus, refundInputSchema, refundResultSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/subscriptions/{subscriptionId}/refund — through the payment provider; audited. A refund that leaves the subscription's payments fully refunded ends it. */
export const refund = adminManageProcedure
  .meta({ summary: 'Refund part or all of a succeeded payment', rest: { method: 'POST', path: '/api/admin/subscriptions/{subscriptionId}/refund', access: 'admin', inputFrom: 'body' } })
  .input(refundInputSchema)
  .output(refundResultSchema)
  .mutation(async ({ ctx, input }) => {
    const done = await refundForAdmin(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, {
      subscriptionId: input.subscriptionId,
      transactionId: input.transactionId,
      amountCents: Math.round(input.amount * 100),
      reason: input.reason,
    });
    return { refundId: done.refundId, refundedAmount: done.refundedCents / 100, remainingAmount: done.remainingCents / 100, status: answeredPaymentStatus(done.status) };
  });
