import type { Selectable } from 'kysely';
import type { WebhookEventsTable } from '../schema.ts';
import type { Executor } from './users.ts';

export type WebhookEventRow = Pick<Selectable<WebhookEventsTable>, 'id' | 'user_id' | 'job_id' | 'type' | 'body'>;

export interface NewWebhookEvent {
  id: string;
  userId: string;
  jobId: string | null;
  type: string;
  body: string;
  createdAt: Date;
}

/** Records an event; false when the job already raised an event of this type (nothing written). */
export async function insertWebhookEvent(db: Executor, event: NewWebhookEvent): Promise<boolean> {
  const rows = await db
    .insertInto('webhook_events')
    .values({ id: event.id, user_id: event.userId, job_id: event.jobId, type: event.type, body: event.body, created_at: event.createdAt, delivery_claimed_at: event.createdAt })
    .onConflict((oc) => oc.columns(['job_id', 'type']).where('job_id', 'is not', null).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The event's deliveries are on the queue. */
export async function markWebhookEventQueued(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('webhook_events').set({ deliveries_queued_at: at }).where('id', '=', id).execute();
}

/**
 * Takes up to `limit` events whose deliveries were never queued and whose claim is older than
 * `claimedBefore` (its process died, or never claimed): each is claimed at `now` by this caller alone
 * (SKIP LOCKED), so two sweeping workers never queue the same event.
 */
export async function claimUnqueuedWebhookEvents(db: Executor, claimedBefore: Date, now: Date, limit: number): Promise<{ id: string; user_id: string }[]> {
  return db
    .updateTable('webhook_events')
    .set({ delivery_claimed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events')
        .select('id')
        .where('deliveries_queued_at', 'is', null)
        .where((w) => w.or([w('delivery_claimed_at', 'is', null), w('delivery_claimed_at', '<', claimedBefore)]))
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * Finished jobs (succeeded or dead between the two times) whose owner had a webhook endpoint when the
 * job finished and which raised no event: their process died between the job's commit and its event.
 */
export async function listFinishedJobsWithoutWebhookEvent(db: Executor, finishedAfter: Date, finishedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('generation_jobs as j')
    .select('j.id')
    .where('j.status', 'in', ['succeeded', 'dead'])
    .where('j.finished_at', '>', finishedAfter)
    .where('j.finished_at', '<', finishedBefore)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.user_id', '=', 'j.user_id')
          .where('e.deleted_at', 'is', null)
          .whereRef('e.created_at', '<=', 'j.finished_at'),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_events as w').select('w.id').whereRef('w.job_id', '=', 'j.id'))))
    .orderBy('j.finished_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function findWebhookEvent(db: Executor, id: string): Promise<WebhookEventRow | undefined> {
  return db.selectFrom('webhook_events').select(['id', 'user_id', 'job_id', 'type', 'body']).where('id', '=', id).executeTakeFirst();
}

export interface NewWebhookDelivery {
  eventId: string;
  endpointId: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  nextRetryAt: Date | null;
  createdAt: Date;
}

/** Records one attempt; false when this attempt was already recorded (a queue job run twice). */
export async function insertWebhookDelivery(db: Executor, d: NewWebhookDelivery): Promise<boolean> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values({
      event_id: d.eventId, endpoint_id: d.endpointId, attempt: d.attempt, status_code: d.statusCode, error: d.error,
      duration_ms: d.durationMs, next_retry_at: d.nextRetryAt, created_at: d.createdAt,
    })
    .onConflict((oc) => oc.columns(['event_id', 'endpoint_id', 'attempt']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function webhookDeliveryRecorded(db: Executor, eventId: string, endpointId: string, attempt: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('event_id', '=', eventId)
    .where('endpoint_id', '=', endpointId)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
  return row !== undefined;
}

export interface WebhookDeliveryLogRow {
  id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  endpoint_url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_retry_at: Date | null;
  created_at: Date;
}

/** The customer's latest delivery attempts (deleted endpoints' too), newest first. */
export function listWebhookDeliveries(db: Executor, userId: string, page: { limit: number; offset: number }): Promise<WebhookDeliveryLogRow[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id', 'd.event_id', 'v.type as event_type', 'd.endpoint_id', 'e.url as endpoint_url', 'd.attempt', 'd.status_code',
      'd.error', 'd.duration_ms', 'd.next_retry_at', 'd.created_at',
    ])
    .where('e.user_id', '=', userId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.attempt', 'desc')
    .orderBy('d.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many delivery attempts were made to the customer's endpoints (deleted ones included, as in the log). */
export async function countWebhookDeliveries(db: Executor, userId: string): Promise<number> {
  const { total } = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('e.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(total);
}
