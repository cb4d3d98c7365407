import type { FastifyRequest } from 'fastify';
import { createApiContext, type ApiContext } from '@reelsmith/api';
import { isApiKey, type AppDeps } from '@reelsmith/core';
import { CUSTOMER_SESSION_COOKIE } from '@reelsmith/shared';

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The customer API key of `Authorization: Bearer rsk_…`, if that is what the request carries. */
export function presentedApiKey(req: FastifyRequest): string | undefined {
  const bearer = bearerToken(req.headers.authorization);
  return bearer !== undefined && isApiKey(bearer) ? bearer : undefined;
}

/**
 * The API context for a Fastify request: customer session cookie, else a bearer API key (`rsk_…`),
 * and any other bearer value as an admin token. Public REST routes pass `withSession: false`: their
 * procedures never read the customer, so the session and key lookups (a query per call) are skipped.
 */
export function contextFromRequest(core: AppDeps, req: FastifyRequest, options: { withSession?: boolean } = {}): Promise<ApiContext> {
  const bearer = bearerToken(req.headers.authorization);
  const apiKey = bearer !== undefined && isApiKey(bearer) ? bearer : undefined;
  const withSession = options.withSession !== false;
  return createApiContext(core, {
    sessionToken: withSession ? req.cookies[CUSTOMER_SESSION_COOKIE] : undefined,
    apiKey: withSession ? apiKey : undefined,
    adminToken: apiKey === undefined ? bearer : undefined,
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
  });
}
