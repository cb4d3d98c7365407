import {
  readPlatformStatus,
  resolveAdminToken,
  resolveCustomerSession,
  type AdminPrincipal,
  type AppDeps,
  type PlatformStatus,
  type SessionLookup,
} from '@reelsmith/core';

/** What every procedure sees: the services' dependencies and who is calling. */
export interface ApiContext {
  deps: AppDeps;
  customer: SessionLookup;
  admin: AdminPrincipal | null;
  ip: string | null;
  userAgent: string | null;
  /** The platform's feature switches, read at most once per request (a tRPC batch shares one context). */
  platformStatus: () => Promise<PlatformStatus>;
}

export interface ContextInput {
  sessionToken: string | undefined;
  adminToken: string | undefined;
  ip: string | null;
  userAgent: string | null;
}

/** Builds a context from transport-neutral request facts; the Fastify adapter and tests both use it. */
export async function createApiContext(deps: AppDeps, input: ContextInput): Promise<ApiContext> {
  const [customer, admin] = await Promise.all([
    resolveCustomerSession(deps, input.sessionToken),
    resolveAdminToken(deps, input.adminToken),
  ]);
  let status: Promise<PlatformStatus> | undefined;
  const platformStatus = () => (status ??= readPlatformStatus(deps.db));
  return { deps, customer, admin, ip: input.ip, userAgent: input.userAgent, platformStatus };
}
