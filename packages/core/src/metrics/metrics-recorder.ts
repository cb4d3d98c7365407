import type { GenerationKind } from '@reelsmith/db';
import type { Capability } from '@reelsmith/media';

/** How one delivery of a generation job ended, as the queue's worker saw it. */
export type JobOutcome = 'completed' | 'failed' | 'retrying' | 'skipped';

/**
 * What the services and the job runner report for the process's metrics (the server's /metrics).
 * Implemented by the server per app instance; absent: nothing is counted.
 */
export interface MetricsRecorder {
  /** One delivery of a generation job ran to an outcome, taking this long. */
  jobFinished(event: { step: GenerationKind; provider: string; outcome: JobOutcome; seconds: number }): void;
  /** The queue gave up on a job (its dead letter was finalised). */
  jobDeadLettered(): void;
  /** A paid provider call's cost was recorded (every charge, whatever the job's outcome). */
  providerCharged(charge: { provider: string; capability: Capability; amountUsd: number }): void;
  /** A failed paid step gave the customer's video credit back. */
  creditReturned(): void;
}
