import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '@reelsmith/api';
import { parseIdempotencyKey, requestFingerprint, runIdempotently, type AppDeps, type IdempotentAnswer } from '@reelsmith/core';
import { AppError } from '@reelsmith/shared';
import { errorBody } from '../plugins/error-handler.ts';
import { contextFromRequest } from '../request-context.ts';
import { procedureOf, restFailure } from './call-procedure.ts';
import { entityTag, expectedVersions } from './conditional.ts';
import { prefersRespondAsync } from './prefer.ts';
import { restRoutes, type RestRoute } from './rest-routes.ts';

/** /api/projects/{id} → /api/projects/:id */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Idempotency-Key applies to a customer's non-idempotent calls (the draft's POST and PATCH). */
const idempotentMethods = new Set<RestRoute['method']>(['POST', 'PATCH']);

/** Calls the route's procedure and words its answer, a refusal included: status, headers and body. */
async function answerRoute(route: RestRoute, ctx: ApiContext, req: FastifyRequest): Promise<IdempotentAnswer> {
  let input = route.input?.({
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    body: req.body,
  });
  if (route.ifMatch && req.headers['if-match'] !== undefined && input && typeof input === 'object') {
    // If-Match (`*` included) replaces the body's field of the same name: the header is what HTTP clients send.
    const { [route.ifMatch]: _fromBody, ...rest } = input as Record<string, unknown>;
    const versions = expectedVersions(req.headers['if-match']);
    input = versions === undefined ? rest : { ...rest, [route.ifMatch]: versions };
  }
  const headers: Record<string, string> = {};
  try {
    if (route.respondAsync && prefersRespondAsync(req.headers.prefer)) {
      // Long-running work for integrators: start it, answer at once where to follow it (RFC 7240).
      const accepted = (await procedureOf(ctx, route.respondAsync)(input)) as { job: { id: string } };
      return { statusCode: 202, headers: { 'preference-applied': 'respond-async', location: `/api/jobs/${accepted.job.id}` }, body: accepted };
    }
    const output = await procedureOf(ctx, route.procedure)(input);
    if (route.cacheControl) headers['cache-control'] = route.cacheControl;
    const version = (output as { version?: unknown } | undefined)?.version;
    if (route.etag && typeof version === 'number') headers.etag = entityTag(version);
    if (route.location) headers.location = filledPath(route.location, output);
    return { statusCode: route.successStatus ?? 200, headers, body: output ?? {} };
  } catch (err) {
    const failure = restFailure(err);
    if (!failure) throw err;
    if (failure.status >= 500) req.log.error({ err, procedure: route.procedure }, 'REST procedure failed');
    const current = failure.details?.currentVersion;
    if (failure.status === 412 && typeof current === 'number') headers.etag = entityTag(current);
    return { statusCode: failure.status, headers, body: errorBody(failure.status, failure.message, { ...failure.details, reason: failure.reason }) };
  }
}

/** A path template (`/api/projects/{id}`) with the answer's fields put in, each as one path segment. */
function filledPath(template: string, output: unknown): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String((output as Record<string, unknown> | undefined)?.[name] ?? '')));
}

function send(reply: FastifyReply, answer: { statusCode: number; headers: Record<string, string>; body: unknown }): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return reply.status(answer.statusCode).send(answer.body);
}

/** Thin REST shims: each documented path calls its tRPC procedure through a server-side caller. */
export function registerRest(app: FastifyInstance, core: AppDeps, routes: RestRoute[] = restRoutes): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      ...(route.rateLimitPerMinute ? { config: { rateLimit: { max: route.rateLimitPerMinute, timeWindow: '1 minute' } } } : {}),
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        if (route.respondAsync) reply.header('vary', 'Prefer');
        const idempotency = route.access === 'customer' && idempotentMethods.has(route.method) ? parseIdempotencyKey(req.headers['idempotency-key']) : undefined;
        if (idempotency && 'error' in idempotency) return reply.status(400).send(errorBody(400, idempotency.error));
        const ctx = await contextFromRequest(core, req, { withSession: route.access !== 'public' });
        // Signed out: the procedure answers 401, and nothing is kept under the key.
        if (!idempotency || ctx.customer.state !== 'active') return send(reply, await answerRoute(route, ctx, req));
        try {
          const outcome = await runIdempotently(
            core,
            {
              userId: ctx.customer.user.id,
              method: route.method as 'POST' | 'PATCH',
              path: req.url.split('?', 1)[0]!,
              key: idempotency.key,
              fingerprint: requestFingerprint(req.body, req.query as Record<string, unknown>),
            },
            () => answerRoute(route, ctx, req),
          );
          if (!outcome.replayed) return send(reply, outcome.answer);
          return send(reply, { ...outcome, headers: { ...outcome.headers, 'idempotent-replayed': 'true', 'content-type': 'application/json; charset=utf-8' } });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return reply.status(err.status).send(errorBody(err.status, err.message, { ...err.details, reason: err.reason }));
        }
      },
    });
  }
}
