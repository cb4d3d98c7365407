import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { nextListParams, parseListParams, serialiseListParams, withForeignParams, type ListParams, type ListParamsSpec } from './list-params.ts';

/**
 * A list screen's page, search, filters and sort, kept in the URL's search params: a reload keeps
 * them and each change is a history entry, so the back button returns to the previous view.
 * `spec` must be a stable (module-level) object.
 *
 * A change is worked out from the latest params asked for, not from the last render: the router
 * renders a navigation later than it changes the URL, so on a busy machine a second click (sort the
 * same column again, sort right after a search) would otherwise start from the state before the
 * first and undo it. Changes also render at once (`flushSync`) rather than in a transition, so what
 * the screen shows, and what an export sends, follows the URL without a lag.
 */
export function useListParams<Sort extends string, Filter extends string = never>(spec: ListParamsSpec<Sort, Filter>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const state = useMemo(() => parseListParams(searchParams, spec), [key, spec]);
  // The params last asked for, until a render shows params of its own (a change, back, a link).
  const latest = useRef({ rendered: key, params: searchParams });
  if (latest.current.rendered !== key) latest.current = { rendered: key, params: searchParams };

  const go = useCallback(
    (next: URLSearchParams) => {
      if (next.toString() === latest.current.params.toString()) return;
      latest.current = { ...latest.current, params: next };
      setSearchParams(next, { flushSync: true });
    },
    [setSearchParams],
  );
  const update = useCallback(
    (change: Parameters<typeof nextListParams<Sort, Filter>>[1]) => {
      const current = latest.current.params;
      go(withForeignParams(current, serialiseListParams(nextListParams(parseListParams(current, spec), change)), spec));
    },
    [go, spec],
  );
  /** Sets a whole state at once (several filters in one history entry). */
  const set = useCallback((next: ListParams<Sort, Filter>) => go(withForeignParams(latest.current.params, serialiseListParams(next), spec)), [go, spec]);
  return [state, update, set] as const satisfies readonly [ListParams<Sort, Filter>, unknown, unknown];
}
