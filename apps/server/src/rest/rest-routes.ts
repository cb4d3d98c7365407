// The documented /api paths (customer spec §7, back-office spec §7): each procedure that has one says
// so in its metadata (`rest` in packages/api), and the routes are read from the router here.
import { appRouter, type ApiMeta, type RestMeta } from '@reelsmith/api';

export type HttpMethod = RestMeta['method'];

export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /api/projects/{id}. */
  path: string;
  /** Dotted path of the tRPC procedure, e.g. projects.get. */
  procedure: string;
  access: RestMeta['access'];
  /** Builds the procedure input from the request; absent for procedures without input. */
  input?: (req: RestRequestParts) => unknown;
  /** Where the input comes from, for the OpenAPI document. */
  inputFrom?: RestMeta['inputFrom'];
  successStatus?: number;
  /** A stricter per-client limit than the global one (requests per minute). */
  rateLimitPerMinute?: number;
  /** Cache-Control of a successful answer (default no-store). */
  cacheControl?: string;
  /** The procedure that only starts the job, called for `Prefer: respond-async` (202 Accepted). */
  respondAsync?: string;
  /** The answer carries the output's version as its ETag. */
  etag?: boolean;
  /** The input field filled from If-Match. */
  ifMatch?: string;
  /** The created resource's path template, filled from the answer (`Location`). */
  location?: string;
}

/** A JSON body as an object, so path parameters can be merged in (a non-object body fails validation). */
function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { body };
}

const inputBuilders: Record<NonNullable<RestMeta['inputFrom']>, (r: RestRequestParts) => unknown> = {
  query: (r) => ({ ...r.query, ...r.params }),
  body: (r) => ({ ...asObject(r.body ?? {}), ...r.params }),
  path: (r) => ({ ...r.params }),
};

/** Every procedure with REST metadata, as a route. */
export function routesFromProcedures(procedures: Record<string, unknown> = appRouter._def.procedures as Record<string, unknown>): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [procedure, value] of Object.entries(procedures)) {
    const rest = (value as { _def?: { meta?: ApiMeta } })._def?.meta?.rest;
    if (!rest) continue;
    routes.push({
      method: rest.method,
      path: rest.path,
      procedure,
      access: rest.access,
      ...(rest.inputFrom ? { input: inputBuilders[rest.inputFrom], inputFrom: rest.inputFrom } : {}),
      ...(rest.successStatus ? { successStatus: rest.successStatus } : {}),
      ...(rest.rateLimitPerMinute ? { rateLimitPerMinute: rest.rateLimitPerMinute } : {}),
      ...(rest.cacheControl ? { cacheControl: rest.cacheControl } : {}),
      ...(rest.respondAsync ? { respondAsync: rest.respondAsync } : {}),
      ...(rest.etag ? { etag: true } : {}),
      ...(rest.ifMatch ? { ifMatch: rest.ifMatch } : {}),
      ...(rest.location ? { location: rest.location } : {}),
    });
  }
  return routes;
}

export const restRoutes: RestRoute[] = routesFromProcedures();
