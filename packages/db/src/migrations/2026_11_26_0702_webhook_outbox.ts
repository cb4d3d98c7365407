import { sql, type Kysely } from 'kysely';

// Webhook events as an outbox. An event's deliveries are queued after the event is recorded, in a
// separate step: a process that dies in between (or between a job's commit and its event) would lose
// them. `delivery_claimed_at` is when a process took the event to queue its deliveries (set on insert
// by the recording process), `deliveries_queued_at` when that was done. A worker's sweep queues what was
// claimed long ago and never done, and records the events of finished jobs that have none
// (packages/core/src/webhooks/webhook-outbox.ts). Events recorded before this migration count as queued.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE webhook_events ADD COLUMN delivery_claimed_at timestamptz`.execute(db);
  await sql`ALTER TABLE webhook_events ADD COLUMN deliveries_queued_at timestamptz`.execute(db);
  await sql`UPDATE webhook_events SET delivery_claimed_at = created_at, deliveries_queued_at = created_at`.execute(db);
  await sql`CREATE INDEX webhook_events_unqueued_idx ON webhook_events (created_at) WHERE deliveries_queued_at IS NULL`.execute(db);
  await sql`CREATE INDEX generation_jobs_finished_idx ON generation_jobs (finished_at) WHERE status IN ('succeeded', 'dead')`.execute(db);
}
