import { z } from 'zod';

// One paging convention for every list call (customer and back-office, REST and tRPC): the query names
// `page` (1-based) and `limit` (rows a page, at most PAGE_LIMIT_MAX), and one envelope: the rows under
// `data` beside the same six paging fields. Lists the admin spec names otherwise (users, projects,
// templates, logs) carry the same rows under that name too (docs/decisions.md, "Paging").

/** The largest page a list call answers, so one call cannot read a whole table. */
export const PAGE_LIMIT_MAX = 100;

/** A 1-based page number; REST sends it as a query string. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** A page size with its list's default. */
export function pageLimitSchema(defaultLimit: number) {
  return z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(defaultLimit);
}

/** The paging fields every paged answer carries beside its rows. */
export const pageInfoShape = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
};
export const pageInfoSchema = z.object(pageInfoShape);
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** The one envelope: `{ data: T[], total, page, limit, totalPages, hasNextPage, hasPrevPage }`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), ...pageInfoShape });
}
export type Paged<T> = { data: T[] } & PageInfo;

/** The paging fields of page `page` of `limit` rows when `total` rows match. */
export function pageInfo(page: number, limit: number, total: number): PageInfo {
  return { total, page, limit, totalPages: Math.ceil(total / limit), hasNextPage: page * limit < total, hasPrevPage: page > 1 };
}

/** The page size of a customer list asked for a page without `limit`. */
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * The query of a list that answers its plain array unless `page` or `limit` is given (the customer
 * lists, whose documented answer is an array): the same two fields, without their defaults.
 */
export const optionalPageQuerySchema = z.object({
  page: pageNumberSchema.unwrap().optional(),
  limit: pageLimitSchema(DEFAULT_PAGE_LIMIT).unwrap().optional(),
});
export type OptionalPageQuery = z.infer<typeof optionalPageQuerySchema>;

/** A list answered as its plain array without paging fields in the query, else as the envelope. */
export function listOrPagedSchema<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), pagedSchema(item)]);
}

/** The row offset of a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}
