import { sql } from 'kysely';
import type { Executor } from './users.ts';

/** The job queue's (pg-boss) schema, as packages/jobs creates it. */
const QUEUE_SCHEMA = 'pgboss';

export interface QueueStatsRow {
  queue: string;
  /** Jobs due now and not yet taken (new, or failed and waiting for their retry). */
  ready: number;
  /** Jobs waiting for a later start (delayed retries). */
  deferred: number;
  active: number;
  /** How long the oldest job due now has been waiting, in seconds (0 when none waits). */
  oldestReadySeconds: number;
}

/**
 * Every queue's waiting and running jobs, counted now from the queue's own tables (the live states are
 * indexed by queue and state, so this stays cheap however many finished jobs are kept). A queue with
 * nothing waiting is listed with zeros, so its series does not vanish.
 */
export async function queueStats(db: Executor): Promise<QueueStatsRow[]> {
  const schema = sql.id(QUEUE_SCHEMA);
  const result = await sql<{ queue: string; ready: number | string; deferred: number | string; active: number | string; oldest_ready_seconds: number | string | null }>`
    SELECT q.name AS queue,
           coalesce(j.ready, 0) AS ready,
           coalesce(j.deferred, 0) AS deferred,
           coalesce(j.active, 0) AS active,
           j.oldest_ready_seconds
      FROM ${schema}.queue q
      LEFT JOIN (
        SELECT name,
               count(*) FILTER (WHERE state < 'active' AND start_after <= now()) AS ready,
               count(*) FILTER (WHERE state < 'active' AND start_after > now()) AS deferred,
               count(*) FILTER (WHERE state = 'active') AS active,
               extract(epoch FROM now() - min(start_after) FILTER (WHERE state < 'active' AND start_after <= now())) AS oldest_ready_seconds
          FROM ${schema}.job
         WHERE state <= 'active'
         GROUP BY name
      ) j ON j.name = q.name
     ORDER BY q.name`.execute(db);
  return result.rows.map((r) => ({
    queue: r.queue,
    ready: Number(r.ready),
    deferred: Number(r.deferred),
    active: Number(r.active),
    oldestReadySeconds: r.oldest_ready_seconds === null ? 0 : Math.max(0, Number(r.oldest_ready_seconds)),
  }));
}

/**
 * Which of these queues hold a job a worker could take now (new, or failed and due for its retry, or a
 * delayed job come due): the workers' backstop asks this once for all their queues instead of each
 * worker fetching on its own clock. The live states are indexed by queue, so this stays cheap.
 */
export async function queuesWithDueJobs(db: Executor, queues: readonly string[]): Promise<string[]> {
  if (queues.length === 0) return [];
  const schema = sql.id(QUEUE_SCHEMA);
  const names = sql.join(queues.map((name) => sql`${name}`));
  const result = await sql<{ name: string }>`
    SELECT DISTINCT name FROM ${schema}.job
     WHERE name IN (${names}) AND state < 'active' AND start_after <= now()`.execute(db);
  return result.rows.map((r) => r.name);
}
