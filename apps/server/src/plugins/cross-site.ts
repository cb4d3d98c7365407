import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@reelsmith/shared';
import type { Config } from '../config.ts';
import { refuseRequest } from './request-refusal.ts';

// A page on another site (a sibling subdomain is "same-site", so SameSite=Lax does not stop it) could
// otherwise make the customer's browser send a state-changing request with the session cookie. Browsers
// say where a request comes from in Sec-Fetch-Site (forbidden to pages, so it cannot be forged there),
// older ones in Origin, some only in Referer. A request with none of them is not a browser's cross-site
// request (curl, a server, a test): it carries no victim's cookie, so it is allowed.

export const crossSiteMessage = 'This request came from another site and was refused. Open Reelsmith directly and try again.';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that change state on a GET (sign-out is a plain link). */
const stateChangingGets = new Set(['/auth/logout']);

/** Signature-verified server-to-server calls, never made by a browser with our cookie. */
const exemptRoutes = new Set(['/api/stripe/webhook', '/api/providers/replicate/webhook', '/api/providers/fal/webhook']);

function firstHeader(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export type SiteVerdict = 'same-origin' | 'no-browser-headers' | 'cross-site';

/**
 * Where a request comes from. An Origin we list (PUBLIC_URL's, ALLOWED_ORIGINS, the dev servers) is
 * ours; otherwise Sec-Fetch-Site decides when the browser sends it ('none' is the user's own navigation:
 * address bar, bookmark), else Origin, else Referer, compared with the origin this request was
 * addressed to (scheme and Host as the browser sent them). Origin, Referer and Sec-Fetch-Site are set
 * by the browser; a page cannot forge them.
 */
export function requestSite(req: FastifyRequest, allowedOrigins: ReadonlySet<string>): SiteVerdict {
  const originHeader = firstHeader(req, 'origin');
  const origin = originHeader === undefined ? undefined : originOf(originHeader); // "null" (sandboxed frames, data: pages) is never ours
  if (origin && allowedOrigins.has(origin)) return 'same-origin';
  const fetchSite = firstHeader(req, 'sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'cross-site';
  const claimed = originHeader === undefined ? firstHeader(req, 'referer') : originHeader;
  if (claimed === undefined) return 'no-browser-headers';
  const claimedOrigin = originOf(claimed);
  if (claimedOrigin === null) return 'cross-site';
  return allowedOrigins.has(claimedOrigin) || claimedOrigin === originOf(`${req.protocol}://${req.host}`) ? 'same-origin' : 'cross-site';
}

export function isStateChanging(req: FastifyRequest): boolean {
  const route = req.routeOptions.url ?? '';
  if (exemptRoutes.has(route)) return false;
  return unsafeMethods.has(req.method) || stateChangingGets.has(route);
}

/** Refuses state-changing requests (REST, tRPC mutations, forms, sign-out) sent from another site. */
export function registerCrossSiteGuard(app: FastifyInstance, config: Config): void {
  const allowedOrigins = new Set(config.allowedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (!isStateChanging(req) || requestSite(req, allowedOrigins) !== 'cross-site') return undefined;
    req.log.warn({ origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'] }, 'cross-site request refused');
    return refuseRequest(req, reply, new AppError('FORBIDDEN', crossSiteMessage));
  });
}
