import { sql, type Kysely } from 'kysely';

// Provider webhooks (Replicate, fal): each prediction a step waits for is expected here when it is
// created; a verified callback completes its row once, and the change is announced on the
// `provider_callbacks` channel as '<provider>:<external id>' (on commit) so the waiting step, in
// whichever process, reads the prediction at once instead of on its next slow poll.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS provider_callbacks (
    provider text NOT NULL CHECK (provider IN ('replicate', 'fal')),
    external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
    expected_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    status text CHECK (length(status) <= 40),
    PRIMARY KEY (provider, external_id)
  )`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION notify_provider_callback() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('provider_callbacks', NEW.provider || ':' || NEW.external_id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER provider_callbacks_notify AFTER UPDATE OF completed_at ON provider_callbacks FOR EACH ROW WHEN (OLD.completed_at IS NULL AND NEW.completed_at IS NOT NULL) EXECUTE FUNCTION notify_provider_callback()`.execute(db);
}
