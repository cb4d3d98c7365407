import { sql, type Kysely } from 'kysely';

// Why a generation job failed, as a stable reason code (packages/shared/src/reasons.ts) beside the
// readable message: the browser picks the spec's titled error from the code, never from the text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE generation_jobs ADD COLUMN IF NOT EXISTS error_reason text`.execute(db);
}
