import type { GenerationKind } from '@reelsmith/db';

export interface QueuePolicy {
  /** The longest one attempt may run before it is failed and retried. */
  expireInSeconds: number;
  retryLimit: number;
  /** Seconds a failed attempt waits before its retry, doubled on each further retry (capped). */
  retryDelay: number;
}

/** One queue per generation step, with its own time limit; failed attempts retry after a backoff. */
export const generationQueues: Record<GenerationKind, QueuePolicy> = {
  voiceover: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  avatars: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  avatar_product: { expireInSeconds: 5 * 60, retryLimit: 2, retryDelay: 2 },
  videos: { expireInSeconds: 20 * 60, retryLimit: 2, retryDelay: 5 },
  final: { expireInSeconds: 10 * 60, retryLimit: 2, retryDelay: 5 },
};

/**
 * How fast a killed worker's job goes to another worker: the heartbeat is written every 2 s, a job
 * whose heartbeat is 10 s old (pg-boss's floor) is failed by whichever instance supervises next
 * (every second on PostgreSQL) and its retry is fetchable at once; workers woken by announcements still
 * look on their own every 1.5 s (nothing announces a retry), so the worst case is about 10 + 1 + 1.5 ≈ 12.5 s. Five heartbeats must go missing in a row first, so a live job is not taken.
 */
export const RECOVERY = { heartbeatSeconds: 10, heartbeatRefreshSeconds: 2, superviseIntervalSeconds: 1, embeddedSuperviseIntervalSeconds: 5, pollBackstopSeconds: 1.5 } as const;

const MAX_BACKOFF_MS = 60_000;

/** The wait after a failed attempt (retryCount: retries already made): retryDelay × 2^retryCount, capped. */
export function failureBackoffMs(policy: QueuePolicy, retryCount: number): number {
  return Math.min(MAX_BACKOFF_MS, policy.retryDelay * 1000 * 2 ** Math.max(0, retryCount));
}

export const queueName = (kind: GenerationKind) => `generation.${kind}`;
export const DEAD_LETTER_QUEUE = 'generation.dead';
