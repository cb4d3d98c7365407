// How a tRPC answer says the session has ended. The customer app reads it from the error tRPC raises
// (its queries, mutations and subscriptions report errors); the back office reads it from the raw
// answer, so a 401 ends the session whichever call made it.

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * A tRPC error for a 401 that asks for a new sign-in: the server's error formatter puts
 * `httpStatus` and `requiresReauth` in the error's `data` (spec §6, §7).
 */
export function isReauthTrpcError(error: unknown): boolean {
  const data = record(record(error)?.['data']);
  return data?.['httpStatus'] === 401 && data['requiresReauth'] === true;
}

/** A tRPC answer of 401, or a batch (207 multi-status) in which one call answered 401. */
export async function answersUnauthorized(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 207) return false;
  try {
    const items = (await response.clone().json()) as unknown;
    return Array.isArray(items) && items.some((item) => batchItemStatus(item) === 401);
  } catch {
    return false;
  }
}

function batchItemStatus(item: unknown): unknown {
  return record(record(record(record(item)?.['error'])?.['json'])?.['data'])?.['httpStatus'];
}
