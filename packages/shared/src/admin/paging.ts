import { z } from 'zod';

// Paging itself (`page`, `limit`, the envelope) is the one convention of ../paging.ts; these are the
// back-office's other list filters.

/** A free-text search box: trimmed; an empty box means no search. */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A row id from the path or query; malformed ids fail validation instead of reaching SQL. */
export const adminIdSchema = z.guid({ error: 'Invalid id' });

/** An optional select filter: absent, or the empty value of a cleared select, means "all". */
export function optionalFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((v) => (v ? v : undefined));
}
