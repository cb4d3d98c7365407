import { listAdminUsers } from '@reelsmith/core';
import { adminUsersListInputSchema, adminUsersListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/users — customers searched by e-mail or name, paged; or one by userId. */
export const list = adminReadProcedure
  .meta({ summary: 'Customers with project count and subscription', rest: { method: 'GET', path: '/api/admin/users', access: 'admin', inputFrom: 'query' } })
  .input(adminUsersListInputSchema)
  .output(adminUsersListSchema)
  .query(({ ctx, input }) => listAdminUsers(ctx.deps, input));
