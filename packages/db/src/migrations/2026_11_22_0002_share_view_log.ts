import { sql, type Kysely } from 'kysely';

// One counted view per viewer and share in each half hour, whichever server process answers.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE share_view_log (
    share_id uuid NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
    viewer_key text NOT NULL CHECK (length(viewer_key) = 64),
    window_start timestamptz NOT NULL,
    PRIMARY KEY (share_id, viewer_key, window_start)
  )`.execute(db);
  await sql`CREATE INDEX share_view_log_window_idx ON share_view_log (window_start)`.execute(db);
}
