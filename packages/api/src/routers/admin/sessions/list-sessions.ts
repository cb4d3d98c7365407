import { listAdminSessions } from '@reelsmith/core';
import { adminSessionsSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/sessions — active customer sessions, then up to 10 ended in the last 24 hours. */
export const list = adminReadProcedure
  .meta({ summary: 'Customer sessions with device, browser, OS and location', rest: { method: 'GET', path: '/api/admin/sessions', access: 'admin' } })
  .output(adminSessionsSchema)
  .query(({ ctx }) => listAdminSessions(ctx.deps));
