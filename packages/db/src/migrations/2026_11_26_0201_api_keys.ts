import { sql, type Kysely } from 'kysely';

// API keys for integrators: a customer's named bearer secrets. Only the SHA-256 of a key is stored;
// the prefix is its first characters, shown so the customer can tell keys apart.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    prefix text NOT NULL CHECK (length(prefix) BETWEEN 4 AND 32),
    key_hash text NOT NULL UNIQUE CHECK (length(key_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC)`.execute(db);
}
