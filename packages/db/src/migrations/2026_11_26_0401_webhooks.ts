import { sql, type Kysely } from 'kysely';

// Completion webhooks for integrators (issue 18): a customer's callback URLs (each with the secret
// that signs its deliveries, Standard Webhooks), the events their finished jobs raised, and one row
// per delivery attempt (the log shown in the profile). A deleted endpoint is kept (deleted_at) so its
// past attempts stay readable; it receives nothing more.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url text NOT NULL CHECK (length(url) BETWEEN 8 AND 2000),
    description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
    secret text NOT NULL CHECK (secret LIKE 'whsec_%'),
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, created_at DESC)`.execute(db);
  await sql`CREATE TABLE webhook_events (
    id text PRIMARY KEY CHECK (length(id) BETWEEN 8 AND 64),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_id uuid REFERENCES generation_jobs(id) ON DELETE SET NULL,
    type text NOT NULL,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // A finished job raises its event once, whichever path finished it.
  await sql`CREATE UNIQUE INDEX webhook_events_job_type_idx ON webhook_events (job_id, type) WHERE job_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    attempt integer NOT NULL CHECK (attempt >= 1),
    status_code integer,
    error text,
    duration_ms integer NOT NULL,
    next_retry_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, endpoint_id, attempt)
  )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`.execute(db);
}
