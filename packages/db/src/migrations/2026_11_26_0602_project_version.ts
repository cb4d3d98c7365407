import { sql, type Kysely } from 'kysely';

// A project's version (its ETag, If-Match on PUT/PATCH): raised by a trigger on every update, under the
// row's lock, so no two saved states share one. updated_at cannot serve: it is the transaction's start
// time (now()), equal for two writes in one transaction and not monotonic across transactions.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE projects ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION bump_project_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.version := OLD.version + 1; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER projects_bump_version BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION bump_project_version()`.execute(db);
}
