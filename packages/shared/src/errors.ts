// Errors are defined once: a code, a message safe to show the user, a stable reason the browser maps
// to the spec's copy (reasons.ts), and one table from code to HTTP status used by tRPC, the REST
// shims and the server's error handler alike.

import { reasonForStatus, type Reason } from './reasons.ts';

export const httpStatusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type AppErrorCode = keyof typeof httpStatusByCode;

export const internalErrorMessage = 'Something went wrong on our side. Please try again.';
export const sessionExpiredMessage = 'Session expired - please login again';

/** Client-safe fields an AppError adds to its answer; `reason` picks the browser's copy. */
export type AppErrorDetails = { reason?: Reason | undefined } & Record<string, unknown>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Why it failed, stable for clients: the given reason, else the general one of the status. */
  readonly reason: Reason;
  /** Extra, client-safe fields merged into the error body (for example requiresReauth). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: AppErrorDetails) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    const { reason, ...rest } = details ?? {};
    this.reason = reason ?? reasonForStatus(httpStatusByCode[code]) ?? 'internal';
    this.details = Object.keys(rest).length > 0 ? rest : undefined;
  }

  get status(): number {
    return httpStatusByCode[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The body every failed REST call answers with. */
export interface ErrorBody {
  error: string;
  message: string;
  code: AppErrorCode;
  /** The stable reason code (reasons.ts); the browser chooses its copy from this, not from the text. */
  reason: Reason;
  requiresReauth?: boolean;
  [key: string]: unknown;
}
