import { queueStats, type Executor, type GenerationKind, type QueueStatsRow } from '@reelsmith/db';
import type { JobOutcome, Logger, MetricsRecorder } from '@reelsmith/core';
import type { Capability } from '@reelsmith/media';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The counts a pg Pool keeps (its connections, idle ones, and the queries waiting for one). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface AppMetricsSources {
  /** Where the queue's tables are read at scrape time. */
  db: Executor;
  /** The PostgreSQL pool (absent on the embedded database: one connection). */
  pool?: PoolCounts | undefined;
  logger: Logger;
  /** The Node.js process's own metrics (CPU, memory, event loop, GC): once per process in practice. */
  processMetrics?: boolean;
}

/** Queue figures read once for all the gauges of one scrape. */
const QUEUE_STATS_REUSE_MS = 1000;

/**
 * One app instance's metrics: its own registry (tests build several apps in one process), the
 * request and job instruments, and the gauges read when scraped (queues, database pool, streams).
 */
export class AppMetrics implements MetricsRecorder {
  readonly registry = new Registry();
  readonly #httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly #jobDuration: Histogram<'step' | 'provider' | 'outcome'>;
  readonly #deadLettered: Counter;
  readonly #providerCost: Counter<'provider' | 'capability'>;
  readonly #providerCharges: Counter<'provider' | 'capability'>;
  readonly #creditsReturned: Counter;
  readonly #progressStreams: Gauge;
  readonly #sources: AppMetricsSources;
  #queueRead: { at: number; rows: Promise<QueueStatsRow[] | undefined> } | undefined;

  constructor(sources: AppMetricsSources) {
    this.#sources = sources;
    const registers = [this.registry];
    if (sources.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.#httpDuration = new Histogram({
      name: 'reelsmith_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (tRPC: procedure path) and status; _count is the request count.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.#jobDuration = new Histogram({
      name: 'reelsmith_job_duration_seconds',
      help: 'Generation job deliveries by step, provider and outcome (completed, failed, retrying, skipped).',
      labelNames: ['step', 'provider', 'outcome'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600],
      registers,
    });
    this.#deadLettered = new Counter({ name: 'reelsmith_jobs_dead_lettered_total', help: 'Generation jobs the queue gave up on (finalised from the dead letter queue).', registers });
    this.#providerCost = new Counter({
      name: 'reelsmith_provider_cost_usd_total',
      help: 'Recorded cost of paid provider calls, in US dollars.',
      labelNames: ['provider', 'capability'],
      registers,
    });
    this.#providerCharges = new Counter({ name: 'reelsmith_provider_charges_total', help: 'Paid provider calls recorded.', labelNames: ['provider', 'capability'], registers });
    this.#creditsReturned = new Counter({ name: 'reelsmith_credits_returned_total', help: "Customers' video credits given back after a failed paid step.", registers });
    this.#progressStreams = new Gauge({ name: 'reelsmith_progress_streams_open', help: 'Progress streams (server-sent events) open now.', registers });
    const readQueues = () => this.#queueStats();
    new Gauge({
      name: 'reelsmith_queue_jobs',
      help: 'Jobs per queue: ready (due, not taken), deferred (waiting for a later start) and active. The same figures from every process.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await readQueues()) ?? []) {
          this.set({ queue: row.queue, state: 'ready' }, row.ready);
          this.set({ queue: row.queue, state: 'deferred' }, row.deferred);
          this.set({ queue: row.queue, state: 'active' }, row.active);
        }
      },
    });
    new Gauge({
      name: 'reelsmith_queue_oldest_ready_seconds',
      help: 'How long the oldest due job of each queue has waited to be taken (0: none waits).',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await readQueues()) ?? []) this.set({ queue: row.queue }, row.oldestReadySeconds);
      },
    });
    new Gauge({
      name: 'reelsmith_queue_stats_up',
      help: '1 when the queue figures could be read at this scrape, else 0.',
      registers,
      async collect() {
        this.set((await readQueues()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'reelsmith_db_pool_connections',
      help: 'Database connections of this process: total, idle, and queries waiting for one (the embedded database: one connection).',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool ?? { totalCount: 1, idleCount: 0, waitingCount: 0 };
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  httpRequestFinished(labels: { method: string; route: string; status: number }, seconds: number): void {
    this.#httpDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
  }

  progressStreamOpened(): void {
    this.#progressStreams.inc();
  }

  progressStreamClosed(): void {
    this.#progressStreams.dec();
  }

  jobFinished(event: { step: GenerationKind; provider: string; outcome: JobOutcome; seconds: number }): void {
    this.#jobDuration.observe({ step: event.step, provider: event.provider, outcome: event.outcome }, event.seconds);
  }

  jobDeadLettered(): void {
    this.#deadLettered.inc();
  }

  providerCharged(charge: { provider: string; capability: Capability; amountUsd: number }): void {
    const labels = { provider: charge.provider, capability: charge.capability };
    this.#providerCharges.inc(labels);
    if (Number.isFinite(charge.amountUsd) && charge.amountUsd > 0) this.#providerCost.inc(labels, charge.amountUsd);
  }

  creditReturned(): void {
    this.#creditsReturned.inc();
  }

  /** The Prometheus text exposition of everything above. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** The queue figures, read once for the gauges of one scrape; undefined when the database did not answer. */
  #queueStats(): Promise<QueueStatsRow[] | undefined> {
    const now = Date.now();
    if (this.#queueRead && now - this.#queueRead.at < QUEUE_STATS_REUSE_MS) return this.#queueRead.rows;
    const rows = queueStats(this.#sources.db).catch((err: unknown) => {
      this.#sources.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'metrics: queue figures could not be read');
      return undefined;
    });
    this.#queueRead = { at: now, rows };
    return rows;
  }
}
