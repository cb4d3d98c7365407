import {
  currentPlatformStatus,
  resolveAdminToken,
  resolveApiKey,
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
  /** An integrator's API key (`rsk_…`), standing for its customer when no session cookie does. */
  apiKey?: string | undefined;
  adminToken: string | undefined;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The customer behind a call: a live session cookie wins; otherwise a presented API key resolves to the
 * same principal (plan rules and every other check apply unchanged); otherwise the session's state.
 */
async function resolveCustomer(deps: AppDeps, input: ContextInput): Promise<SessionLookup> {
  const session = await resolveCustomerSession(deps, input.sessionToken);
  if (session.state === 'active' || !input.apiKey) return session;
  return resolveApiKey(deps, input.apiKey);
}

/** Builds a context from transport-neutral request facts; the Fastify adapter and tests both use it. */
export async function createApiContext(deps: AppDeps, input: ContextInput): Promise<ApiContext> {
  const [customer, admin] = await Promise.all([
    resolveCustomer(deps, input),
    resolveAdminToken(deps, input.adminToken),
  ]);
  let status: Promise<PlatformStatus> | undefined;
  const platformStatus = () => (status ??= currentPlatformStatus(deps));
  return { deps, customer, admin, ip: input.ip, userAgent: input.userAgent, platformStatus };
}
