import { findWebhookEvent, findWebhookTarget, insertWebhookDelivery, webhookDeliveryRecorded } from '@reelsmith/db';
import { guardedPost, OutboundRefusedError } from '@reelsmith/media';
import type { CoreDeps } from '../deps.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { webhookOutboundPolicy, webhookRetryDelay, webhookSchemeAllowed, type WebhookDeliveryJob } from './webhook-settings.ts';

export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** What the log says about a failed attempt: never the URL's query, headers or the secret. */
function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof OutboundRefusedError) return `refused: ${err.reason === 'scheme' ? 'https required' : `address ${err.reason}`}`;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `timeout after ${Math.round(timeoutMs / 1000)} s`;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `connection error: ${code}`;
  return 'connection error';
}

/**
 * One attempt of one event to one endpoint, run by the webhook queue: signed with the endpoint's
 * secret (same message id on every attempt, a fresh timestamp), sent through the outbound guard
 * (address checked again now, no redirect), recorded in the log, and the next attempt queued with
 * its delay when the receiver failed. A deleted endpoint, a missing event or an attempt already
 * recorded (the queue ran the job twice) sends nothing.
 */
export async function deliverWebhook(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger' | 'webhooks'>, job: WebhookDeliveryJob): Promise<WebhookAttemptOutcome> {
  const settings = deps.webhooks;
  if (!settings) return 'skipped';
  const event = await findWebhookEvent(deps.db, job.eventId);
  const target = event ? await findWebhookTarget(deps.db, event.user_id, job.endpointId) : undefined;
  if (!event || !target) return 'skipped';
  if (await webhookDeliveryRecorded(deps.db, event.id, target.id, job.attempt)) return 'skipped';

  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const url = new URL(target.url);
    if (!webhookSchemeAllowed(url, settings)) throw new OutboundRefusedError('scheme', `${url.protocol}//${url.host}`, 'callback URLs must use https');
    const answer = await guardedPost(url, event.body, {
      policy: webhookOutboundPolicy(settings),
      resolve: settings.resolve,
      signal: AbortSignal.timeout(settings.timeoutMs),
      headers: { 'content-type': 'application/json', 'user-agent': 'Reelsmith-Webhooks/1', ...webhookHeaders(target.secret, event.id, timestamp, event.body) },
    });
    statusCode = answer.status;
    if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
  } catch (err) {
    error = describeFailure(err, settings.timeoutMs);
  }
  const durationMs = Math.round(performance.now() - started);
  const delay = error === null ? null : webhookRetryDelay(settings.retryDelaysSeconds, job.attempt);
  const nextRetryAt = delay === null ? null : new Date(deps.clock.now().getTime() + delay * 1000);
  const recorded = await insertWebhookDelivery(deps.db, {
    eventId: event.id, endpointId: target.id, attempt: job.attempt, statusCode, error, durationMs, nextRetryAt, createdAt: deps.clock.now(),
  });
  if (!recorded) return 'skipped';
  deps.logger.info({ eventId: event.id, webhookEndpointId: target.id, attempt: job.attempt, statusCode, error, durationMs }, 'webhook attempt');
  if (error === null) return 'delivered';
  if (delay === null) return 'failed';
  await settings.queue.deliverWebhookLater({ eventId: event.id, endpointId: target.id, attempt: job.attempt + 1 }, delay);
  return 'retrying';
}
