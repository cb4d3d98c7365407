import { RUNNING_ATTEMPT_LEASE_SECONDS } from '@reelsmith/core';
import { expect, it } from 'vitest';
import { failureBackoffMs, generationQueues, RECOVERY } from './generation-queues.ts';

it('takes a dead worker\'s job over within 15 s on PostgreSQL, after five missed heartbeats', () => {
  expect(RECOVERY.heartbeatSeconds + RECOVERY.superviseIntervalSeconds + RECOVERY.pollBackstopSeconds).toBeLessThan(13);
  expect(RECOVERY.heartbeatSeconds / RECOVERY.heartbeatRefreshSeconds).toBeGreaterThanOrEqual(5);
  // A job delivered again after its worker died is older than the runner's lease, so it is taken over.
  expect(RUNNING_ATTEMPT_LEASE_SECONDS).toBeLessThanOrEqual(RECOVERY.heartbeatSeconds);
});

it('backs off a failed attempt in the handler, doubling per retry and capped at a minute', () => {
  expect([0, 1, 2].map((n) => failureBackoffMs(generationQueues.videos, n))).toEqual([5_000, 10_000, 20_000]);
  expect(failureBackoffMs(generationQueues.voiceover, 0)).toBe(2_000);
  expect(failureBackoffMs(generationQueues.videos, 12)).toBe(60_000);
});
