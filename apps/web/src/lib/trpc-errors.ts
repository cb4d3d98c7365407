// tRPC errors carry their HTTP status in `data.httpStatus`; the shared §8 message rules read `status`.

export interface ErrorFacts {
  message: string;
  status: number | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The HTTP status of a tRPC client error (or of anything with `status`), when known. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = record(record(error)?.['data'])?.['httpStatus'] ?? record(error)?.['status'];
  return typeof status === 'number' ? status : undefined;
}

/** The error as the shared message functions (`toUserMessage`, `deleteProjectError`, …) read it. */
export function errorFacts(error: unknown): ErrorFacts {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { message, status: httpStatusOf(error) };
}
