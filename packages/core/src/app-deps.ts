import type { GenerationKind } from '@reelsmith/db';
import type { MediaEngine, ProviderSummary } from '@reelsmith/media';
import type { BillingDeps } from './billing/billing-deps.ts';
import type { JobEvents } from './generation/job-events.ts';
import type { PlatformStatusCache } from './settings/platform-status-cache.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/** Puts a generation job on the durable queue; answers the queue's job id. */
export interface JobQueue {
  enqueue(kind: GenerationKind, generationJobId: string): Promise<string | null>;
  /** Resolves when the queue's tables answer and its queues are set up (readiness); throws otherwise. */
  ready(): Promise<void>;
}

/** Everything the services need: billing's dependencies plus the media engine, storage and queue. */
export interface AppDeps extends BillingDeps {
  engine: MediaEngine;
  storage: MediaStorage;
  jobs: JobQueue;
  /** Pushes every change of a project's jobs to this process's progress streams and waiting requests. */
  jobEvents: JobEvents;
  /** Scratch folder for work files (cleaned after each job). */
  workDir: string;
  /** Which AI provider serves each capability, for the back-office (absent: all local). */
  providers?: ProviderSummary | undefined;
  /** The feature switches kept in this process, forgotten when the settings change (absent: read on every call). */
  platformStatus?: PlatformStatusCache;
  /** Signs short-lived /media links for readers without a cookie (the back-office); the media route checks them. */
  mediaSecret?: string;
}
