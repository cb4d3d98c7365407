import { claimUnqueuedWebhookEvents, listFinishedJobsWithoutWebhookEvent, listWebhookTargets } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { announceJobFinished, queueEventDeliveries } from './webhook-events.ts';

/** How long the process that finished a job or recorded an event has before a sweep does it instead. */
export const OUTBOX_GRACE_MS = 60_000;
/** How far back a sweep looks for finished jobs without their event. */
export const OUTBOX_LOOKBACK_MS = 24 * 60 * 60_000;
/** At most this many jobs and this many events a sweep. */
const SWEEP_LIMIT = 100;

/**
 * The webhook outbox's sweep, run by every worker now and then. A job's event is recorded after the
 * job's own transaction commits, and its deliveries are queued after that: a process that dies in
 * between would lose them. So: (1) finished jobs without an event whose owner had an endpoint get it
 * now (the unique index lets one worker record it), and (2) events whose deliveries were never queued,
 * claimed over a minute ago (the recording process died), are claimed by this caller alone (SKIP
 * LOCKED) and queued. Answers how many of each it did.
 */
export async function sweepWebhookOutbox(deps: Pick<CoreDeps, 'db' | 'clock' | 'logger' | 'webhooks'>): Promise<{ jobs: number; events: number }> {
  const settings = deps.webhooks;
  if (!settings) return { jobs: 0, events: 0 };
  const now = deps.clock.now();
  const graceBefore = new Date(now.getTime() - OUTBOX_GRACE_MS);
  const jobs = await listFinishedJobsWithoutWebhookEvent(deps.db, new Date(now.getTime() - OUTBOX_LOOKBACK_MS), graceBefore, SWEEP_LIMIT);
  for (const jobId of jobs) await announceJobFinished(deps, jobId);
  const events = await claimUnqueuedWebhookEvents(deps.db, graceBefore, now, SWEEP_LIMIT);
  for (const event of events) await queueEventDeliveries(deps, settings, event.id, await listWebhookTargets(deps.db, event.user_id));
  if (jobs.length + events.length > 0) deps.logger.warn({ jobs: jobs.length, events: events.length }, 'webhook outbox: recovered events a stopped process left');
  return { jobs: jobs.length, events: events.length };
}
