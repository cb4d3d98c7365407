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

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * A list's sort: one of its sortable column names and a direction (both optional: the list's own
 * order). Only the names listed reach the repository, which maps each to a fixed expression.
 */
export function sortShape<const T extends readonly [string, ...string[]]>(columns: T) {
  return { sort: optionalFilter(columns), dir: optionalFilter(SORT_DIRECTIONS) };
}

/** How many rows one CSV export holds at most (the whole filtered list up to this). */
export const ADMIN_EXPORT_MAX_ROWS = 10_000;

/** A CSV export: the file name to save it under, its text, and how many rows it holds. */
export const adminCsvExportSchema = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() });
export type AdminCsvExport = z.infer<typeof adminCsvExportSchema>;
