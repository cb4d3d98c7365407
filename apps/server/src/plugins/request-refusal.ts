import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { AppError } from '@reelsmith/shared';
import { errorBody } from './error-handler.ts';

// A request refused by a guard hook (hostile input, cross-site) before any route runs. REST, auth and
// form routes get the app's error body at once; tRPC requests carry the refusal to createContext, so
// tRPC answers it in its own shape (single or batch) and the browser clients show the message.

declare module 'fastify' {
  interface FastifyRequest {
    refusal: AppError | null;
  }
}

export function decorateRefusal(app: FastifyInstance): void {
  app.decorateRequest('refusal', null);
}

function isTrpcRequest(req: FastifyRequest): boolean {
  return req.routeOptions.url?.startsWith('/trpc/') ?? false;
}

/**
 * Answers the refusal (REST and pages) and returns the reply, which an async hook must return to stop
 * the request there; a tRPC request only carries it on to its context (see throwRefusal).
 */
export function refuseRequest(req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply | undefined {
  if (isTrpcRequest(req)) {
    req.refusal ??= error;
    return undefined;
  }
  return reply.status(error.status).header('cache-control', 'no-store').send(errorBody(error.status, error.message));
}

/** Called first in tRPC's createContext: a refused request never reaches a procedure. */
export function throwRefusal(req: FastifyRequest): void {
  const refusal = req.refusal;
  if (refusal) throw new TRPCError({ code: refusal.code, message: refusal.message, cause: refusal });
}
