import type { FastifyRequest } from 'fastify';
import { createApiContext, type ApiContext } from '@reelsmith/api';
import type { AppDeps } from '@reelsmith/core';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The API context for a Fastify request: customer session cookie and admin bearer token. Public
 * REST routes pass `withSession: false`: their procedures never read the customer, so the session
 * lookup (a query per call) is skipped.
 */
export function contextFromRequest(core: AppDeps, req: FastifyRequest, options: { withSession?: boolean } = {}): Promise<ApiContext> {
  return createApiContext(core, {
    sessionToken: options.withSession === false ? undefined : req.cookies[CUSTOMER_SESSION_COOKIE],
    adminToken: bearerToken(req.headers.authorization),
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
  });
}
