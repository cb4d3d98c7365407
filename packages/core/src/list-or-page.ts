import { DEFAULT_PAGE_LIMIT, pageInfo, pageOffset, type OptionalPageQuery, type Paged } from '@reelsmith/shared';

/** A window of rows as a repository reads it with LIMIT/OFFSET. */
export interface RowWindow {
  limit: number;
  offset: number;
}

/**
 * A customer list answered as its documented plain array when the query names neither `page` nor
 * `limit`, else as the paging envelope of the page asked for (page 1 and DEFAULT_PAGE_LIMIT stand in
 * for the one not given). Both readers must keep the same order and the same owner scope.
 */
export async function listOrPage<T>(
  query: OptionalPageQuery,
  read: {
    /** The documented plain list. */
    all: () => Promise<T[]>;
    /** One window of the same rows in the same order. */
    window: (window: RowWindow) => Promise<T[]>;
    /** How many rows the whole list has. */
    count: () => Promise<number>;
  },
): Promise<T[] | Paged<T>> {
  if (query.page === undefined && query.limit === undefined) return read.all();
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const [rows, total] = await Promise.all([read.window({ limit, offset: pageOffset(page, limit) }), read.count()]);
  return { data: rows, ...pageInfo(page, limit, total) };
}
