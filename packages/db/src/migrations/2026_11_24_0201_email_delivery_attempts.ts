import { sql, type Kysely } from 'kysely';

// How many times a logged e-mail was offered to the SMTP server: a temporary refusal (421, 454, …)
// is tried again later through the job queue, up to a limit, and the log shows how often it was tried.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_logs ADD COLUMN IF NOT EXISTS delivery_attempts integer NOT NULL DEFAULT 0 CHECK (delivery_attempts >= 0)`.execute(db);
}
