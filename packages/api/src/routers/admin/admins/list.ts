import { listAdmins } from '@reelsmith/core';
import { adminListItemSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/admins */
export const list = adminReadProcedure
  .meta({ summary: 'Admin accounts', rest: { method: 'GET', path: '/api/admin/admins', access: 'admin' } })
  .output(z.array(adminListItemSchema))
  .query(({ ctx }) => listAdmins(ctx.deps));
