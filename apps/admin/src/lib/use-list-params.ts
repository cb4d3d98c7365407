import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextListParams, parseListParams, serialiseListParams, withForeignParams, type ListParams, type ListParamsSpec } from './list-params.ts';

/**
 * A list screen's page, search, filters and sort, kept in the URL's search params: a reload keeps
 * them and each change is a history entry, so the back button returns to the previous view.
 * `spec` must be a stable (module-level) object.
 */
export function useListParams<Sort extends string, Filter extends string = never>(spec: ListParamsSpec<Sort, Filter>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const state = useMemo(() => parseListParams(searchParams, spec), [key, spec]);
  const update = useCallback(
    (change: Parameters<typeof nextListParams<Sort, Filter>>[1]) => {
      const next = withForeignParams(searchParams, serialiseListParams(nextListParams(state, change)), spec);
      if (next.toString() !== key) setSearchParams(next);
    },
    [state, key, searchParams, spec, setSearchParams],
  );
  /** Sets a whole state at once (several filters in one history entry). */
  const set = useCallback(
    (next: ListParams<Sort, Filter>) => {
      const params = withForeignParams(searchParams, serialiseListParams(next), spec);
      if (params.toString() !== key) setSearchParams(params);
    },
    [key, searchParams, spec, setSearchParams],
  );
  return [state, update, set] as const satisfies readonly [ListParams<Sort, Filter>, unknown, unknown];
}
