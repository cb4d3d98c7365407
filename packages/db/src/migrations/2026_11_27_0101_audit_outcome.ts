import { sql, type Kysely } from 'kysely';

// Issue 21: an audit entry says whether the action went through, was refused (403) or failed, and
// which customer it was taken on, so the Activity log can be searched by the affected customer.
// Older rows are actions that went through; their customer, if any, stays in details.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_logs ADD COLUMN outcome text NOT NULL DEFAULT 'succeeded' CHECK (outcome IN ('succeeded', 'refused', 'failed'))`.execute(db);
  await sql`ALTER TABLE audit_logs ADD COLUMN target_user_id uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  // Entries written before this column name their customer through the resource they touched.
  await sql`UPDATE audit_logs l SET target_user_id = u.id FROM users u
    WHERE l.resource_type = 'user' AND l.resource_id = u.id::text`.execute(db);
  await sql`UPDATE audit_logs l SET target_user_id = t.user_id FROM transactions t
    WHERE l.resource_type = 'transaction' AND l.resource_id = t.id::text`.execute(db);
  await sql`UPDATE audit_logs l SET target_user_id = s.user_id FROM subscriptions s
    WHERE l.resource_type = 'subscription' AND l.resource_id = s.id::text`.execute(db);
  await sql`CREATE INDEX audit_logs_target_user_idx ON audit_logs (target_user_id, created_at DESC) WHERE target_user_id IS NOT NULL`.execute(db);
}
