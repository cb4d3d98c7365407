// tRPC errors carry their HTTP status in `data.httpStatus` and their reason code in `data.reason`; the
// shared §8 message rules read `status` and `reason`. A failure with no answer at all (the browser's
// fetch threw) is named 'network' here, the one place that can tell.
import { readError, type Reason } from '@reelsmith/shared';

export interface ErrorFacts {
  message: string;
  status: number | undefined;
  reason: Reason | undefined;
  /** The facts the server sent with the error (tRPC `data.details`), for messages worded from them. */
  details: Record<string, unknown> | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The HTTP status of a tRPC client error (or of anything with `status`), when known. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = record(record(error)?.['data'])?.['httpStatus'] ?? record(error)?.['status'];
  return typeof status === 'number' ? status : undefined;
}

/** The reason code the answer carried (read by the shared rules), or 'network' when no answer arrived at all. */
export function reasonOf(error: unknown): Reason | undefined {
  const { reason, status } = readError(error);
  if (reason === undefined && status === undefined && (error instanceof TypeError || record(error)?.['cause'] instanceof TypeError)) return 'network';
  return reason;
}

/** The error as the shared message functions (`toUserMessage`, `deleteProjectError`, …) read it. */
export function errorFacts(error: unknown): ErrorFacts {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { message, status: httpStatusOf(error), reason: reasonOf(error), details: readError(error).details };
}
