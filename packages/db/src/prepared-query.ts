import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import { cacheStatement } from './embedded-read-cache.ts';
import type { Executor } from './repositories/users.ts';

/**
 * A query Kysely compiles once. Kysely builds and compiles a query on every call, though for most only
 * the values change: about 45 µs of CPU for the session lookup's join, which every signed-in call sends.
 * This builds the query on first use with a marker in place of each argument, keeps the SQL, and from
 * then on only puts the call's values where the markers were.
 *
 * Only for queries whose SQL does not depend on the values: each argument must be one parameter (no list
 * expanded into several, no clause added or left out by value); the first compile checks that every
 * argument was used once. Constants written into the query stay as compiled. A plugin's `transformQuery`
 * runs at that first compile only (the app has none; `transformResult` still runs on every call).
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
  options: { /** Kept by the embedded database's read cache (embedded-read-cache.ts), which must know the tables it reads. */ cachedReadOf?: readonly string[] } = {},
): (db: Executor, ...args: A) => CompiledQuery<R> {
  let template: { query: CompiledQuery<R>; slots: (number | undefined)[] } | undefined;
  return (db, ...args) => {
    if (!template) {
      const markers = args.map((_, i) => Symbol(`argument ${i}`));
      const query = build(db, ...(markers as unknown as A)).compile();
      const slots = query.parameters.map((value) => {
        const at = markers.indexOf(value as symbol);
        return at < 0 ? undefined : at;
      });
      const used = slots.filter((slot) => slot !== undefined);
      if (used.length !== markers.length || new Set(used).size !== markers.length) {
        throw new Error(`a prepared query must use each of its ${markers.length} arguments as exactly one parameter: ${query.sql}`);
      }
      template = { query, slots };
      if (options.cachedReadOf) cacheStatement(query.sql, options.cachedReadOf);
    }
    const { query, slots } = template;
    return { ...query, queryId: createQueryId(), parameters: query.parameters.map((value, i) => (slots[i] === undefined ? value : args[slots[i]])) };
  };
}
