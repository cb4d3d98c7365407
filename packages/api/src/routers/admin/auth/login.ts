import { loginAdmin } from '@reelsmith/core';
import { adminLoginSchema, adminPublicSchema } from '@reelsmith/shared';
import { z } from 'zod';
import { publicProcedure } from '../../../trpc.ts';

/** REST: POST /api/admin/login — a bearer token and the admin record. */
export const login = publicProcedure
  .meta({ summary: 'Sign an admin in with e-mail and password', rest: { method: 'POST', path: '/api/admin/login', access: 'public', inputFrom: 'body', rateLimitPerMinute: 30 } })
  .input(adminLoginSchema)
  .output(z.object({ token: z.string(), expiresAt: z.date(), admin: adminPublicSchema }))
  .mutation(({ ctx, input }) => loginAdmin(ctx.deps, { ...input, ip: ctx.ip, userAgent: ctx.userAgent }));
