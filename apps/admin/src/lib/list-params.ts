// A list screen's state in the URL (issue 21): page, sort, direction, search and select filters as
// search params, so a reload keeps them and the back button steps through them. Parsing is strict:
// anything unknown or malformed falls back to the default instead of reaching the server.

export type SortDirection = 'asc' | 'desc';

/** What a list keeps in its URL: allowed sort columns and, per filter, its allowed values (or a check). */
export interface ListParamsSpec<Sort extends string, Filter extends string> {
  sortColumns: readonly Sort[];
  filters?: Record<Filter, readonly string[] | ((value: string) => boolean)>;
}

export interface ListParams<Sort extends string, Filter extends string> {
  page: number;
  search: string;
  sort: Sort | null;
  dir: SortDirection;
  /** Each filter's value; '' means all. */
  filters: Record<Filter, string>;
}

export const maxPage = 100_000;
export const maxSearchLength = 200;

/** A page number from the URL: a plain positive integer up to maxPage, else 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= maxPage ? page : 1;
}

/** Search text from the URL: control characters out, trimmed, at most maxSearchLength characters. */
export function parseSearch(raw: string | null): string {
  if (!raw) return '';
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, maxSearchLength).trim();
}

function allowed(check: readonly string[] | ((value: string) => boolean), value: string): boolean {
  return typeof check === 'function' ? check(value) : check.includes(value);
}

export function parseListParams<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  spec: ListParamsSpec<Sort, Filter>,
): ListParams<Sort, Filter> {
  const rawSort = params.get('sort');
  const sort = rawSort && (spec.sortColumns as readonly string[]).includes(rawSort) ? (rawSort as Sort) : null;
  const filters = {} as Record<Filter, string>;
  for (const [name, check] of Object.entries(spec.filters ?? {}) as [Filter, readonly string[] | ((value: string) => boolean)][]) {
    const value = params.get(name) ?? '';
    filters[name] = value && value !== 'all' && allowed(check, value) ? value : '';
  }
  return { page: parsePage(params.get('page')), search: parseSearch(params.get('q')), sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc', filters };
}

/** The search params of a state, defaults left out (so a clean list has a clean URL); in a fixed order. */
export function serialiseListParams<Sort extends string, Filter extends string>(state: ListParams<Sort, Filter>): URLSearchParams {
  const params = new URLSearchParams();
  const search = parseSearch(state.search);
  if (search) params.set('q', search);
  for (const [name, value] of Object.entries(state.filters) as [Filter, string][]) {
    if (value) params.set(name, value);
  }
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  if (state.page > 1) params.set('page', String(Math.min(Math.floor(state.page), maxPage)));
  return params;
}

/**
 * The next state after a change: a new search, filter or sort starts again at page 1 (spec §5);
 * sorting the sorted column again flips its direction, a new column starts ascending.
 */
export function nextListParams<Sort extends string, Filter extends string>(
  state: ListParams<Sort, Filter>,
  change: { page?: number; search?: string; filter?: [Filter, string]; sortBy?: Sort },
): ListParams<Sort, Filter> {
  if (change.page !== undefined) return { ...state, page: Math.max(1, Math.min(Math.floor(change.page), maxPage)) };
  if (change.search !== undefined) return { ...state, search: parseSearch(change.search), page: 1 };
  if (change.filter) {
    const [name, value] = change.filter;
    return { ...state, filters: { ...state.filters, [name]: value === 'all' ? '' : value }, page: 1 };
  }
  if (change.sortBy) {
    const dir: SortDirection = state.sort === change.sortBy ? (state.dir === 'asc' ? 'desc' : 'asc') : 'asc';
    return { ...state, sort: change.sortBy, dir, page: 1 };
  }
  return state;
}

/** The sort fields a list call takes ({} for the list's own order). */
export function sortInput<Sort extends string>(state: { sort: Sort | null; dir: SortDirection }): { sort?: Sort; dir?: SortDirection } {
  return state.sort ? { sort: state.sort, dir: state.dir } : {};
}

/** The params a list does not own (another control's, such as a screen's `tab`) carried over into its next URL, first. */
export function withForeignParams<Sort extends string, Filter extends string>(
  current: URLSearchParams,
  next: URLSearchParams,
  spec: ListParamsSpec<Sort, Filter>,
): URLSearchParams {
  const owned = new Set(['q', 'page', 'sort', 'dir', ...Object.keys(spec.filters ?? {})]);
  const merged = new URLSearchParams();
  for (const [name, value] of current) if (!owned.has(name)) merged.append(name, value);
  for (const [name, value] of next) merged.append(name, value);
  return merged;
}
