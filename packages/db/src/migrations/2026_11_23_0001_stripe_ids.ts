import { sql, type Kysely } from 'kysely';

// Stripe customer and price ids, kept per Stripe account and mode: an id made with test keys does
// not exist under live keys (or another account), so a switch of keys must not reuse it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE stripe_ids (
    account text NOT NULL CHECK (account <> ''),
    kind text NOT NULL CHECK (kind IN ('customer', 'price')),
    local_key text NOT NULL CHECK (local_key <> ''),
    stripe_id text NOT NULL CHECK (stripe_id <> ''),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account, kind, local_key)
  )`.execute(db);
  await sql`CREATE INDEX stripe_ids_stripe_id_idx ON stripe_ids (kind, stripe_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE stripe_ids`.execute(db);
}
