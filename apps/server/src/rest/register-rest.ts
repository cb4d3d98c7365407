import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@reelsmith/core';
import { errorBody } from '../plugins/error-handler.ts';
import { contextFromRequest } from '../request-context.ts';
import { procedureOf, restFailure } from './call-procedure.ts';
import { prefersRespondAsync } from './prefer.ts';
import { restRoutes, type RestRoute } from './rest-routes.ts';

/** /api/projects/{id} → /api/projects/:id */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
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
        const ctx = await contextFromRequest(core, req, { withSession: route.access !== 'public' });
        const input = route.input?.({
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: req.body,
        });
        try {
          if (route.respondAsync) reply.header('vary', 'Prefer');
          if (route.respondAsync && prefersRespondAsync(req.headers.prefer)) {
            // Long-running work for integrators: start it, answer at once where to follow it (RFC 7240).
            const accepted = (await procedureOf(ctx, route.respondAsync)(input)) as { job: { id: string } };
            return reply
              .status(202)
              .header('preference-applied', 'respond-async')
              .header('location', `/api/jobs/${accepted.job.id}`)
              .send(accepted);
          }
          const output = await procedureOf(ctx, route.procedure)(input);
          if (route.cacheControl) reply.header('cache-control', route.cacheControl);
          return reply.status(route.successStatus ?? 200).send(output ?? {});
        } catch (err) {
          const failure = restFailure(err);
          if (!failure) throw err;
          if (failure.status >= 500) req.log.error({ err, procedure: route.procedure }, 'REST procedure failed');
          return reply.status(failure.status).send(errorBody(failure.status, failure.message, { ...failure.details, reason: failure.reason }));
        }
      },
    });
  }
}
