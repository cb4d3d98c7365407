export { openDatabase, type DatabaseHandle, type DatabaseKind, type DatabaseOptions } from './client.ts';
export { migrateToLatest } from './migrator.ts';
export type * from './schema.ts';
export * from './repositories/users.ts';
export * from './repositories/user-sessions.ts';
export * from './repositories/provider-credit-states.ts';
export * from './repositories/payment-locks.ts';
export * from './repositories/media-owners.ts';
export { gatedSqlAdapter, pgliteGate, type PgliteGate, type SqlAdapter } from './pglite-gate.ts';
