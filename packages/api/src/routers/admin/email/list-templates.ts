import { listEmailTemplates } from '@reelsmith/core';
import { emailTemplateListInputSchema, emailTemplateListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/email/templates — search over name and subject, 20 a page. */
export const listTemplates = adminReadProcedure
  .meta({ summary: 'List e-mail templates', rest: { method: 'GET', path: '/api/admin/email/templates', access: 'admin', inputFrom: 'query' } })
  .input(emailTemplateListInputSchema)
  .output(emailTemplateListSchema)
  .query(({ ctx, input }) => listEmailTemplates(ctx.deps, input));
