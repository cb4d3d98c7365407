const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-sent id can be one of ours (a UUID). Ids that cannot are answered as not found
 * before any query: PostgreSQL would refuse them as uuid values (a 500), not find nothing.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
