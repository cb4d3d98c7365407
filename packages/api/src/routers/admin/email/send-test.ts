import { sendTestEmail } from '@reelsmith/core';
import { sendTestEmailInputSchema, sendTestEmailResultSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/email/send-test — an active template to any address; logged and audited. */
export const sendTest = adminManageProcedure
  .meta({ summary: 'Send a test e-mail from a template', rest: { method: 'POST', path: '/api/admin/email/send-test', access: 'admin', inputFrom: 'body', rateLimitPerMinute: 30 } })
  .input(sendTestEmailInputSchema)
  .output(sendTestEmailResultSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await sendTestEmail(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input);
    return { message: result.message, logId: result.logId, status: result.status };
  });
