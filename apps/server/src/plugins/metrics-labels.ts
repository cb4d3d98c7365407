// Label values of the request metrics: the route's pattern (never the raw URL, whose ids would give
// every project its own series), the tRPC procedure by its known path, and a bounded set of methods.

/** What Fastify knows of the matched route (request.routeOptions). */
export interface MatchedRoute {
  /** The route's pattern, e.g. /api/projects/:id; absent when no route matched (the not-found handler). */
  url?: string | undefined;
  config?: unknown;
}

export const TRPC_PREFIX = '/trpc/';
/** The route the tRPC adapter registers (apps/server/src/plugins/trpc.ts mounts it under /trpc). */
const TRPC_ROUTE = '/trpc/:path';
/** The progress stream's route label (server-sent events, counted while open). */
export const PROGRESS_STREAM_ROUTE = '/trpc/generation.progress';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** A file served by @fastify/static (one route per built file, names hashed per build): one label for all. */
function isStaticFile(config: unknown): boolean {
  return typeof config === 'object' && config !== null && typeof (config as { file?: unknown }).file === 'string' && typeof (config as { rootPath?: unknown }).rootPath === 'string';
}

/**
 * The route label of a request: the matched pattern; for tRPC, /trpc/<procedure> when the path names a
 * known procedure (a batch of several, an unknown or hostile path: one label each); files of the built
 * apps as (static); anything no route matched (the apps' page fallback, 404s) as (unmatched).
 */
export function routeLabel(route: MatchedRoute, rawUrl: string, procedures: ReadonlySet<string>): string {
  if (route.url === undefined) return '(unmatched)';
  if (isStaticFile(route.config)) return '(static)';
  if (route.url === TRPC_ROUTE) return trpcLabel(rawUrl, procedures);
  return route.url;
}

function trpcLabel(rawUrl: string, procedures: ReadonlySet<string>): string {
  const query = rawUrl.indexOf('?');
  const pathPart = (query === -1 ? rawUrl : rawUrl.slice(0, query)).slice(TRPC_PREFIX.length);
  let path: string;
  try {
    path = decodeURIComponent(pathPart);
  } catch {
    return '/trpc/(unknown)';
  }
  if (path.includes(',')) return '/trpc/(batch)';
  return procedures.has(path) ? `${TRPC_PREFIX}${path}` : '/trpc/(unknown)';
}
