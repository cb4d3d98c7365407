import { sql, type Kysely } from 'kysely';

// What each paid AI call cost (provider, model, seconds/images/characters/tokens, USD), kept on the
// generation job that made it and kept for accounting after a project is deleted; and the video
// credits given back when a paid step failed (at most one per project until it is taken again).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE generation_costs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    job_id uuid REFERENCES generation_jobs(id) ON DELETE SET NULL,
    project_id uuid REFERENCES projects(id) ON DELETE SET NULL,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    capability text NOT NULL CHECK (capability IN ('llm', 'tts', 'image', 'video')),
    provider text NOT NULL CHECK (provider <> ''),
    model text NOT NULL CHECK (model <> ''),
    unit text NOT NULL CHECK (unit IN ('seconds', 'images', 'characters', 'tokens')),
    quantity numeric(14, 3) NOT NULL CHECK (quantity >= 0),
    amount_usd numeric(12, 6) NOT NULL CHECK (amount_usd >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX generation_costs_job_idx ON generation_costs (job_id)`.execute(db);
  await sql`CREATE INDEX generation_costs_created_idx ON generation_costs (created_at DESC)`.execute(db);
  await sql`CREATE TABLE credit_returns (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
    job_id uuid REFERENCES generation_jobs(id) ON DELETE SET NULL,
    reason text NOT NULL,
    returned_at timestamptz NOT NULL DEFAULT now(),
    retaken_at timestamptz
  )`.execute(db);
  // At most one credit given back and not yet taken again, per project.
  await sql`CREATE UNIQUE INDEX credit_returns_open_idx ON credit_returns (project_id) WHERE retaken_at IS NULL`.execute(db);
}
