import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, httpStatusByCode, internalErrorMessage, type AppErrorCode, type ErrorBody } from '@reelsmith/shared';

const codeByStatus = new Map<number, AppErrorCode>(
  Object.entries(httpStatusByCode).map(([code, status]) => [status, code as AppErrorCode]),
);

export function errorBody(status: number, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  const code = codeByStatus.get(status) ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  // 5xx messages are hidden, except the maintenance notice customers must read.
  const shown = status >= 500 && extra.maintenance !== true ? internalErrorMessage : message;
  return { error: shown, message: shown, code, ...(status === 401 ? { requiresReauth: true } : {}), ...extra };
}

/** One error shape for every non-tRPC route; 5xx messages never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error.details));
    }
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.status(status).send(errorBody(status, error.message));
  });
}
