import { copyOf } from './copy-of.ts';

/**
 * An answer kept by the embedded database's read cache, and the copies each later read gets.
 *
 * A hit used to hand out a deep copy of every kept row (`copyOf`), the project list's scenes, settings
 * and media maps included: 8 % of the server's CPU for a project list on the embedded database
 * (bench/api), and those parsed JSON columns are only read (checked into a project, which makes its own
 * objects). So a kept answer's JSON values (plain objects and arrays, as PostgreSQL's json parser makes
 * them) are frozen once and shared by every hit; each hit gets rows of its own, with its own dates and
 * copies of anything else (bytes). A caller may change a row it got; changing a JSON value in it throws.
 */
export interface QueryAnswer {
  rows?: Record<string, unknown>[];
  [key: string]: unknown;
}

function isJsonContainer(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Freezes a parsed JSON value and everything in it. */
function freezeJson(value: unknown): void {
  if (!isJsonContainer(value) || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value as object)) freezeJson(inner);
}

/** What is kept of an answer: a copy the caller cannot reach, its JSON values frozen. */
export function keptAnswer<T>(answer: T): T {
  const kept = copyOf(answer) as T & QueryAnswer;
  for (const [key, value] of Object.entries(kept)) if (key !== 'rows') freezeJson(value);
  for (const row of kept.rows ?? []) for (const value of Object.values(row)) freezeJson(value);
  return kept;
}

/** One row for one caller: its own object and dates; JSON values shared (frozen); anything else copied. */
function rowFor(row: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in row) {
    const value = row[key];
    const own = value === null || typeof value !== 'object' || isJsonContainer(value) ? value : value instanceof Date ? new Date(value.getTime()) : copyOf(value);
    // A column named `__proto__` stays a column: assigned, it would set the copy's prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: own, enumerable: true, writable: true, configurable: true });
    else copy[key] = own;
  }
  return copy;
}

/** A kept answer as one caller gets it: its own answer object and rows; the rest (the fields' list) shared, frozen. */
export function answerFromKept<T>(kept: T): T {
  const answer = kept as T & QueryAnswer;
  return answer.rows ? ({ ...answer, rows: answer.rows.map(rowFor) } as T) : { ...answer };
}
