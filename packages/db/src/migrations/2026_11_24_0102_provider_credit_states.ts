import { sql, type Kysely } from 'kysely';

// Per AI provider, whether it answered "out of credit" (since when, last seen) and when a later
// paid call succeeded again: the back-office's provider overview alerts operators from it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS provider_credit_states (
    provider text PRIMARY KEY CHECK (provider <> ''),
    out_of_credit_since timestamptz,
    last_out_of_credit_at timestamptz,
    restored_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}
