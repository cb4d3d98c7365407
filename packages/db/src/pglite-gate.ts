import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import type { Database } from './schema.ts';

/**
 * PGlite is one connection, so a statement from any caller runs in whatever transaction is open on
 * it. Kysely's PGlite driver hands its single connection out under a mutex; this gate takes that same
 * mutex, so a statement sent through it (the job queue's SQL, any raw PGlite query) runs between
 * Kysely's transactions, never inside one, and Kysely never runs inside a block the gate holds.
 * Never call it from inside a Kysely transaction on PGlite: it would wait for that transaction.
 */
export type PgliteGate = <T>(work: () => Promise<T>) => Promise<T>;

export function pgliteGate(db: Kysely<Database>): PgliteGate {
  return (work) => db.connection().execute(() => work());
}

/** The shape of pg-boss's database adapter that the gate wraps (pg-boss's `IDatabase`). */
export interface SqlAdapter {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  setSessionStatements?(statements: string[]): Promise<void>;
  listen?(channel: string, onNotification: (payload: string) => void, onReconnect: () => void): Promise<{ close(): Promise<void> }>;
}

/**
 * The job queue's SQL adapter, made to pass the same gate as Kysely when the database is PGlite (on
 * PostgreSQL each caller has its own pooled connection and the adapter is returned as it is).
 */
export function gatedSqlAdapter<A extends SqlAdapter>(adapter: A, database: DatabaseHandle): A {
  if (database.kind !== 'pglite') return adapter;
  const gate = pgliteGate(database.db);
  const gated: A = { ...adapter, executeSql: (text: string, values?: unknown[]) => gate(() => adapter.executeSql(text, values)) };
  if (adapter.setSessionStatements) {
    const apply = adapter.setSessionStatements.bind(adapter);
    gated.setSessionStatements = (statements: string[]) => gate(() => apply(statements));
  }
  if (adapter.listen) {
    // The LISTEN too, so it never runs inside someone's transaction (and is lost with its rollback).
    const listen = adapter.listen.bind(adapter);
    gated.listen = (channel, onNotification, onReconnect) => gate(() => listen(channel, onNotification, onReconnect));
  }
  return gated;
}
