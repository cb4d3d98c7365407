import { findGenerationJob, findOwnedGenerationJob, insertWebhookEvent, listWebhookTargets, markWebhookEventQueued } from '@reelsmith/db';
import type { WebhookEventType } from '@reelsmith/shared';
import type { CoreDeps } from '../deps.ts';
import type { WebhookSettings } from './webhook-settings.ts';
import { newWebhookMessageId } from './webhook-signature.ts';

export interface NewEvent {
  userId: string;
  jobId: string | null;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** Records an event with its exact body; answers its id, or null when the job already raised it. */
export async function recordWebhookEvent(deps: Pick<CoreDeps, 'db' | 'clock'>, event: NewEvent): Promise<string | null> {
  const id = newWebhookMessageId();
  const now = deps.clock.now();
  const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
  const inserted = await insertWebhookEvent(deps.db, { id, userId: event.userId, jobId: event.jobId, type: event.type, body, createdAt: now });
  return inserted ? id : null;
}

/**
 * Called once a generation job has succeeded or been finalised dead (after its transaction
 * committed): records `generation.succeeded` or `generation.failed` for the job's owner and queues a
 * delivery to each of the owner's endpoints. Never throws: a webhook that cannot be recorded is
 * logged and the job's own outcome stands.
 */
export async function announceJobFinished(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger' | 'webhooks'>, jobId: string): Promise<void> {
  const settings = deps.webhooks;
  if (!settings) return;
  try {
    const job = await findGenerationJob(deps.db, jobId);
    if (!job || (job.status !== 'succeeded' && job.status !== 'dead')) return;
    const targets = await listWebhookTargets(deps.db, job.user_id);
    if (targets.length === 0) return;
    const succeeded = job.status === 'succeeded';
    const result = succeeded ? ((await findOwnedGenerationJob(deps.db, job.user_id, job.id))?.result ?? null) : null;
    const eventId = await recordWebhookEvent(deps, {
      userId: job.user_id,
      jobId: job.id,
      type: succeeded ? 'generation.succeeded' : 'generation.failed',
      data: { jobId: job.id, projectId: job.project_id, kind: job.kind, status: job.status, error: job.error, reason: job.error_reason, result },
    });
    if (!eventId) return;
    await queueEventDeliveries(deps, settings, eventId, targets);
  } catch (err) {
    deps.logger.error({ jobId, err: err instanceof Error ? err.message : String(err) }, 'webhook event not recorded');
  }
}

/**
 * Queues the first attempt to each endpoint and marks the event done with. An event recorded but never
 * marked (its process died here) is queued again by the outbox sweep (webhook-outbox.ts).
 */
export async function queueEventDeliveries(deps: Pick<CoreDeps, 'db' | 'clock'>, settings: WebhookSettings, eventId: string, targets: readonly { id: string }[]): Promise<void> {
  for (const target of targets) await settings.queue.deliverWebhookLater({ eventId, endpointId: target.id, attempt: 1 }, 0);
  await markWebhookEventQueued(deps.db, eventId, deps.clock.now());
}
