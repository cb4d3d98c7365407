import { z } from 'zod';

/** A 1-based page number; REST sends it as a query string. */
export const adminPageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** A page size with its screen's default (admin spec §9), capped so one call cannot read a whole table. */
export function adminLimitSchema(defaultLimit: number) {
  return z.coerce.number().int().min(1).max(100).default(defaultLimit);
}

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
