import type { PGlite } from '@electric-sql/pglite';
import { answerFromKept, keptAnswer } from './kept-rows.ts';

/**
 * A read cache for the embedded database, for the few statements every signed-in call sends (the
 * session lookup, the project list). PGlite runs Postgres on the server's own event loop, one
 * statement at a time: about 1–2 ms of CPU per statement that the server cannot spend answering. The
 * embedded database belongs to this one process (nothing else can open its directory while it runs),
 * so every write to it passes through this instance, and a cached answer can be dropped exactly when
 * something it read from may have changed.
 *
 * How a write is seen: every statement sent to the instance (through Kysely, the job queue's adapter or
 * a raw query) is looked at here. A plain `select` or `show` changes nothing. `insert into "t"` and
 * `update "t"` change table `t` (no trigger of ours writes another table, and no foreign key cascades
 * on update). A statement on the queue's own schema (`pgboss`) changes only the queue's tables. Anything
 * else — a delete (which may cascade), a statement starting `with`, DDL, a multi-statement block, any
 * transaction — counts as a change to every table. Each change is counted before the statement runs and
 * again when it ends, and an answer is kept with the counts seen before its read began, so a read that
 * raced a write is never served again.
 *
 * Only statements registered with `cacheStatement` (by `preparedQuery`, which knows their tables) are
 * kept, and only when no transaction is open (inside one, Kysely reads through the transaction, not
 * here). Each read gets rows of its own, so a caller changing a row changes nothing kept; the rows' parsed
 * JSON values are frozen and shared (kept-rows.ts).
 */

/** The tables each cacheable statement reads, by its SQL text. */
const cacheableStatements = new Map<string, readonly string[]>();
/** Every table a cacheable statement reads: a queue statement naming one of them is not taken for the queue's alone. */
let cachedTables: RegExp | null = null;

/** Marks a statement's SQL as cacheable on the embedded database, reading the named tables. */
export function cacheStatement(sqlText: string, tables: readonly string[]): void {
  cacheableStatements.set(sqlText, tables);
  const names = [...new Set([...cacheableStatements.values()].flat())];
  cachedTables = new RegExp(`(^|[^a-z0-9_])(${names.join('|')})($|[^a-z0-9_])`, 'i');
}

/** What the cache has done, for tests and the bench. */
export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Changes counted to every table at once. */
  wholeChanges: number;
}

interface Entry {
  whole: number;
  tables: number[];
  result: unknown;
  rows: number;
}

/**
 * At most this many answers, and this many rows in all, are kept; past either the cache starts again
 * empty (a list window is up to 500 projects with their scenes: rows, not answers, are what weigh).
 */
const maxEntries = 5_000;
const maxRows = 20_000;

const queueSchema = /(^|[\s("])"?pgboss"?\./i;
const leadingNoise = /^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()+/;
const singleTableWrite = /^(?:insert\s+into|update)\s+"?([a-z_][a-z0-9_]*)"?(?:\s|\()/i;

type Change = { kind: 'none' } | { kind: 'table'; table: string } | { kind: 'whole' };

/** What a statement sent to the database may change. */
export function changeOf(sqlText: string): Change {
  const text = sqlText.replace(leadingNoise, '');
  const firstWord = /^[a-z]+/i.exec(text)?.[0]?.toLowerCase();
  if (firstWord === 'select' || firstWord === 'show') return { kind: 'none' };
  if (queueSchema.test(text) && !cachedTables?.test(text)) return { kind: 'none' };
  const body = text.replace(/;\s*$/, '');
  if (!body.includes(';')) {
    const write = singleTableWrite.exec(body);
    if (write?.[1] && write[1].toLowerCase() !== 'only') return { kind: 'table', table: write[1].toLowerCase() };
  }
  return { kind: 'whole' };
}

/** Puts the read cache in front of a PGlite instance; returns its counters. */
export function installReadCache(pglite: PGlite): ReadCacheStats {
  const stats: ReadCacheStats = { hits: 0, misses: 0, wholeChanges: 0 };
  let whole = 0;
  const tableCounts = new Map<string, number>();
  const entries = new Map<string, Entry>();
  let keptRows = 0;

  const count = (change: Change) => {
    if (change.kind === 'table') tableCounts.set(change.table, (tableCounts.get(change.table) ?? 0) + 1);
    else if (change.kind === 'whole') {
      whole += 1;
      stats.wholeChanges += 1;
      entries.clear();
      keptRows = 0;
    }
  };
  const around = async <T>(change: Change, run: () => Promise<T>): Promise<T> => {
    count(change);
    try {
      return await run();
    } finally {
      count(change);
    }
  };

  const query = pglite.query.bind(pglite) as (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
  const exec = pglite.exec.bind(pglite) as (text: string, options?: unknown) => Promise<unknown>;
  const transaction = pglite.transaction.bind(pglite) as (work: (tx: unknown) => Promise<unknown>) => Promise<unknown>;

  const cachedQuery = async (text: string, params?: unknown[], options?: unknown): Promise<unknown> => {
    const tables = cacheableStatements.get(text);
    if (!tables || pglite.isInTransaction()) return around(changeOf(text), () => query(text, params, options));
    const key = `${text}\u0000${JSON.stringify(params ?? [])}\u0000${JSON.stringify(options ?? null)}`;
    const seen = tables.map((table) => tableCounts.get(table) ?? 0);
    const kept = entries.get(key);
    if (kept && kept.whole === whole && kept.tables.every((n, i) => n === seen[i])) {
      stats.hits += 1;
      return answerFromKept(kept.result);
    }
    stats.misses += 1;
    const seenWhole = whole;
    const result = await query(text, params, options);
    // Everything changed while it read: it could never be served, so it is not kept.
    if (seenWhole !== whole) return result;
    const rows = (result as { rows?: unknown[] }).rows?.length ?? 0;
    keptRows -= entries.get(key)?.rows ?? 0;
    if (entries.size >= maxEntries || keptRows + rows > maxRows) {
      entries.clear();
      keptRows = 0;
    }
    keptRows += rows;
    entries.set(key, { whole: seenWhole, tables: seen, result: keptAnswer(result), rows });
    return result;
  };

  Object.assign(pglite, {
    query: cachedQuery,
    exec: (text: string, options?: unknown) => around(changeOf(text), () => exec(text, options)),
    transaction: (work: (tx: unknown) => Promise<unknown>) => around({ kind: 'whole' }, () => transaction(work)),
  });
  return stats;
}
