import { sql, type Kysely } from 'kysely';

// Our view of each long generation step: what the project page and the back-office show
// (stage, percent, error), independent of the queue's own bookkeeping.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE generation_jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('voiceover', 'avatars', 'avatar_product', 'videos', 'final')),
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'dead')),
    stage text NOT NULL DEFAULT 'Queued',
    percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    input jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(input) = 'object'),
    result jsonb,
    error text,
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    queue_job_id text,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX generation_jobs_project_idx ON generation_jobs (project_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX generation_jobs_open_idx ON generation_jobs (status) WHERE status IN ('queued', 'running')`.execute(db);
  await sql`CREATE TRIGGER generation_jobs_set_updated_at BEFORE UPDATE ON generation_jobs FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}
