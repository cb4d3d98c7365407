import { sql, type Kysely } from 'kysely';

// Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"; Stripe's behaviour): the first
// request with a key claims its row (the unique index makes a parallel second claim lose) while it
// runs (status_code null), then keeps its answer for 24 hours, scoped to the customer, method and path.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS idempotency_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    method text NOT NULL CHECK (method IN ('POST', 'PATCH')),
    path text NOT NULL CHECK (length(path) BETWEEN 1 AND 2000),
    key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
    status_code integer CHECK (status_code BETWEEN 100 AND 499),
    response_headers jsonb,
    response_body text,
    locked_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS idempotency_keys_scope_idx ON idempotency_keys (user_id, method, path, key)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS idempotency_keys_expires_idx ON idempotency_keys (expires_at)`.execute(db);
}
