import { currentPlatformStatus, maintenanceMessage } from '@reelsmith/core';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

/** REST: GET /api/platform/status — what the customer app needs before anything else: maintenance and sign-ups. */
export const status = publicProcedure
  .meta({ summary: 'Whether the platform is in maintenance and open to new sign-ups', rest: { method: 'GET', path: '/api/platform/status', access: 'public' } })
  .output(z.object({ maintenanceMode: z.boolean(), maintenanceMessage: z.string().nullable(), registrationEnabled: z.boolean() }))
  .query(async ({ ctx }) => {
    const platform = await currentPlatformStatus(ctx.deps);
    return {
      maintenanceMode: platform.maintenanceMode,
      maintenanceMessage: platform.maintenanceMode ? maintenanceMessage : null,
      registrationEnabled: platform.registrationEnabled,
    };
  });
