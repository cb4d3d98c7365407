// Errors are defined once: a code, a message safe to show the user, and one table from code to
// HTTP status used by tRPC, the REST shims and the server's error handler alike.

export const httpStatusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
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

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra, client-safe fields merged into the error body (for example requiresReauth). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
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
  requiresReauth?: boolean;
  [key: string]: unknown;
}
