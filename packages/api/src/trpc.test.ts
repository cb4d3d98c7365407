import { testDeps } from '@reelsmith/core/testing';
import type { AdminPrincipal, AppDeps } from '@reelsmith/core';
import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';
import { describe, expect, it } from 'vitest';
import { AppError } from '@reelsmith/shared';
import type { ApiContext } from './context.ts';
import { adminProcedure, createCallerFactory, protectedProcedure, publicProcedure, router } from './trpc.ts';

// The procedures' guards need no database: a context without one proves they decide alone.
const deps = testDeps(null as unknown as Kysely<Database>) as AppDeps;
const ctx = (admin: AdminPrincipal | null, customer: ApiContext['customer'] = { state: 'missing' }): ApiContext => ({
  deps,
  customer,
  admin,
  ip: null,
  userAgent: null,
  platformStatus: async () => ({ maintenanceMode: false, registrationEnabled: true, projectSharingEnabled: true }),
});
const admin = (role: AdminPrincipal['role']): AdminPrincipal => ({ id: 'a', email: 'a@example.com', role, tokenId: 't' });

const testRouter = router({
  anyAdmin: adminProcedure().query(() => 'ok'),
  financeOnly: adminProcedure('admin').query(() => 'ok'),
  customerOnly: protectedProcedure.query(({ ctx: c }) => c.user.email),
  failsWithAppError: publicProcedure.query(() => {
    throw new AppError('CONFLICT', 'Already done');
  }),
  crashes: publicProcedure.query(() => {
    throw new Error('database password is hunter2');
  }),
});
const call = createCallerFactory(testRouter);

describe('procedure guards', () => {
  it('refuses admin procedures without an admin token', async () => {
    await expect(call(ctx(null)).anyAdmin()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lets a listed role in, refuses an unlisted one, and lets superadmin do everything', async () => {
    await expect(call(ctx(admin('admin'))).financeOnly()).resolves.toBe('ok');
    await expect(call(ctx(admin('support'))).financeOnly()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(call(ctx(admin('superadmin'))).financeOnly()).resolves.toBe('ok');
    await expect(call(ctx(admin('support'))).anyAdmin()).resolves.toBe('ok');
  });

  it('refuses customer procedures unless the session is active, with a suspension message when suspended', async () => {
    await expect(call(ctx(null)).customerOnly()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Session expired - please login again' });
    await expect(call(ctx(null, { state: 'suspended' })).customerOnly()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your account has been suspended. Please contact support.',
    });
  });

  it('turns an AppError into the tRPC error of the same code and message', async () => {
    await expect(call(ctx(null)).failsWithAppError()).rejects.toMatchObject({ code: 'CONFLICT', message: 'Already done' });
  });

  it('keeps unexpected errors as internal errors', async () => {
    await expect(call(ctx(null)).crashes()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
