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
    .values({ id: event.id, user_id: event.userId, job_id: event.jobId, type: event.type, body: event.body, created_at: event.createdAt })
    .onConflict((oc) => oc.columns(['job_id', 'type']).where('job_id', 'is not', null).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
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
