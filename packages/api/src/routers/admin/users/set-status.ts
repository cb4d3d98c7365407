import { setAdminUserStatus } from '@reelsmith/core';
import { adminSetUserStatusInputSchema, adminSetUserStatusSchema } from '@reelsmith/shared';
import { userModerationProcedure } from '../../../trpc.ts';

/** REST: PATCH /api/admin/users/{userId}/status — suspends (ending their sessions) or activates a customer. */
export const setStatus = userModerationProcedure
  .meta({ summary: 'Suspend or activate a customer', rest: { method: 'PATCH', path: '/api/admin/users/{userId}/status', access: 'admin', inputFrom: 'body' } })
  .input(adminSetUserStatusInputSchema)
  .output(adminSetUserStatusSchema)
  .mutation(({ ctx, input }) => setAdminUserStatus(ctx.deps, { id: ctx.admin.id, email: ctx.admin.email, ip: ctx.ip }, input));
