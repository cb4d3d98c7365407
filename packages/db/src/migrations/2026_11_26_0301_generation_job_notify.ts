import { sql, type Kysely } from 'kysely';

// Every change of a generation job is announced on the `generation_jobs` channel with its project's
// id, whichever process writes it (a worker reporting progress, a runner finishing or failing a job,
// a request starting one). Each server process LISTENs once and pushes the project's jobs to its open
// progress streams and waiting requests (packages/core/src/generation/job-events.ts), so no stream
// reads the table on a timer. A notification is sent when the writing transaction commits.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION notify_generation_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('generation_jobs', NEW.project_id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER generation_jobs_notify AFTER INSERT OR UPDATE ON generation_jobs FOR EACH ROW EXECUTE FUNCTION notify_generation_job()`.execute(db);
}
