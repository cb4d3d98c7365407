import { getMaskedSettings } from '@reelsmith/core';
import { systemSettingsSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/settings — the whole object, secrets masked. */
export const get = adminReadProcedure
  .meta({ summary: 'System settings (secrets masked)', rest: { method: 'GET', path: '/api/admin/settings', access: 'admin' } })
  .output(systemSettingsSchema)
  .query(({ ctx }) => getMaskedSettings(ctx.deps));
