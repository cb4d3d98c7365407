import { createEmailTemplate } from '@reelsmith/core';
import { emailTemplateInputSchema, emailTemplateSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/email/templates — the HTML is sanitised before it is stored; audited. */
export const createTemplate = adminManageProcedure
  .meta({ summary: 'Create an e-mail template', rest: { method: 'POST', path: '/api/admin/email/templates', access: 'admin', inputFrom: 'body', successStatus: 201 } })
  .input(emailTemplateInputSchema)
  .output(emailTemplateSchema)
  .mutation(({ ctx, input }) => createEmailTemplate(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
