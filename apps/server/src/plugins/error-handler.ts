import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { getErrorShape, transformTRPCResponse, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { appRouter } from '@reelsmith/api';
import { AppError, asReason, httpStatusByCode, imageTooLargeMessage, internalErrorMessage, reasonForStatus, type AppErrorCode, type ErrorBody } from '@reelsmith/shared';

/** The answer to a body in a type the route does not read (a form post to the API, say). */
export const unsupportedBodyMessage = 'Send the request body as JSON (Content-Type: application/json).';

const codeByStatus = new Map<number, AppErrorCode>(
  Object.entries(httpStatusByCode).map(([code, status]) => [status, code as AppErrorCode]),
);

/** The body of a failed answer; `extra.reason` (a reason code) when given, else the status's general reason. */
export function errorBody(status: number, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  const code = codeByStatus.get(status) ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  // 5xx messages are hidden, except the maintenance notice customers must read.
  const shown = status >= 500 && extra.maintenance !== true ? internalErrorMessage : message;
  const reason = asReason(extra.reason) ?? reasonForStatus(status) ?? 'internal';
  // Only a 401 that means "your session or token is gone" asks for a new sign-in; a refused password does not.
  return { error: shown, message: shown, code, ...(status === 401 && reason === 'unauthorized' ? { requiresReauth: true } : {}), ...extra, reason };
}

/** Fastify's own refusals (before any route runs) as AppErrors with words a customer can act on. */
function asAppError(error: FastifyError | AppError): AppError | null {
  if (error instanceof AppError) return error;
  // Only image uploads come near the body limit (every other input is capped far below it), so an
  // oversize body gets the upload's words rather than 'Request body is too large'.
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', imageTooLargeMessage, { reason: 'image_too_large' });
  // Form bodies are parsed only where a plain HTML form posts; everywhere else JSON is the contract.
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedBodyMessage);
  return null;
}

const trpcCodeByStatus: Readonly<Record<number, TRPC_ERROR_CODE_KEY>> = { 415: 'UNSUPPORTED_MEDIA_TYPE', 405: 'METHOD_NOT_SUPPORTED', 408: 'TIMEOUT' };

/**
 * An error raised before tRPC ran (body limit, unreadable JSON) in tRPC's own shape, single or batch,
 * through the router's formatter and transformer: the browser's client reads it as it reads any
 * procedure's error, instead of failing with 'Unable to transform response from server'.
 */
function trpcErrorBody(req: FastifyRequest, status: number, message: string, cause: AppError | null): unknown {
  const code: TRPC_ERROR_CODE_KEY = cause?.code ?? codeByStatus.get(status) ?? trpcCodeByStatus[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const error = new TRPCError({ code, message, ...(cause ? { cause } : {}) });
  const url = new URL(req.url, 'http://server');
  const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\/?/, '')).split(',');
  const config = appRouter._def._config;
  const items = paths.map((path) => ({ error: getErrorShape({ config, error, type: 'unknown', path: path || undefined, input: undefined, ctx: undefined }) }));
  return transformTRPCResponse(config, url.searchParams.get('batch') === '1' ? items : items[0]!);
}

/** One error shape for every non-tRPC route, tRPC's shape on /trpc; 5xx messages never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const appError = asAppError(error);
    const fastifyError = error as FastifyError;
    const status = appError ? appError.status : fastifyError.validation ? 400 : fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const message = appError?.message ?? error.message;
    if (req.url.startsWith('/trpc/') || req.url === '/trpc') return reply.status(status).send(trpcErrorBody(req, status, message, appError));
    return reply.status(status).send(errorBody(status, message, appError ? { ...appError.details, reason: appError.reason } : undefined));
  });
}
