// tRPC errors carry their HTTP status in `data.httpStatus` and their reason code in `data.reason`; the
// shared §8 message rules read `status` and `reason`. A failure with no answer at all (the browser's
// fetch threw) is named 'network' here, the one place that can tell.
import { asReason, reasonForStatus, type Reason } from '@reelsmith/shared';

export interface ErrorFacts {
  message: string;
  status: number | undefined;
  reason: Reason | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The HTTP status of a tRPC client error (or of anything with `status`), when known. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = record(record(error)?.['data'])?.['httpStatus'] ?? record(error)?.['status'];
  return typeof status === 'number' ? status : undefined;
}

/** The reason code the answer carried (tRPC's `data`, an ApiError's body), 'network' when none arrived, else the status's. */
export function reasonOf(error: unknown): Reason | undefined {
  const carried = asReason(record(record(error)?.['data'])?.['reason']) ?? asReason(record(record(error)?.['body'])?.['reason']) ?? asReason(record(error)?.['reason']);
  if (carried) return carried;
  const status = httpStatusOf(error);
  if (status === undefined && (error instanceof TypeError || record(error)?.['cause'] instanceof TypeError)) return 'network';
  return reasonForStatus(status);
}

/** The error as the shared message functions (`toUserMessage`, `deleteProjectError`, …) read it. */
export function errorFacts(error: unknown): ErrorFacts {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { message, status: httpStatusOf(error), reason: reasonOf(error) };
}
