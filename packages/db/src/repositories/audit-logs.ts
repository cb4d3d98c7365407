import type { Insertable } from 'kysely';
import type { AuditLogsTable } from '../schema.ts';
import type { Executor } from './users.ts';

/** Appends one audit entry (in the caller's transaction, when given one). */
export async function insertAuditLog(db: Executor, entry: Insertable<AuditLogsTable>): Promise<void> {
  await db.insertInto('audit_logs').values(entry).execute();
}
