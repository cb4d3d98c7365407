import { appRouter, createApiContext, createCallerFactory } from '@reelsmith/api';
import type { TestApp } from '../test-app.ts';

const createCaller = createCallerFactory(appRouter);

/** A server-side tRPC caller holding an admin bearer token (or none), as the admin SPA's calls arrive. */
export async function adminCaller(t: TestApp, token: string | undefined, ip = '203.0.113.7') {
  const ctx = await createApiContext(t.app.core, { sessionToken: undefined, adminToken: token, ip, userAgent: 'vitest' });
  return createCaller(ctx);
}
