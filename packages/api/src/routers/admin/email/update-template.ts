import { updateEmailTemplate } from '@reelsmith/core';
import { emailTemplateSchema, emailTemplateUpdateInputSchema } from '@reelsmith/shared';
import { adminManageProcedure } from '../../../trpc.ts';

/** REST: PUT /api/admin/email/templates/{id} — the HTML is sanitised before it is stored; audited. */
export const updateTemplate = adminManageProcedure
  .meta({ summary: 'Update an e-mail template', rest: { method: 'PUT', path: '/api/admin/email/templates/{id}', access: 'admin', inputFrom: 'body' } })
  .input(emailTemplateUpdateInputSchema)
  .output(emailTemplateSchema)
  .mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updateEmailTemplate(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, id, fields);
  });
