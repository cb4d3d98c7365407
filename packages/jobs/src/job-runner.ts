import { fromPglite, PgBoss } from 'pg-boss';
import { gatedSqlAdapter, type DatabaseHandle, type GenerationKind } from '@reelsmith/db';
import { markJobFailed, runGenerationJob, type AppDeps, type JobQueue, type Logger } from '@reelsmith/core';
import { z } from 'zod';
import { DEAD_LETTER_QUEUE, generationQueues, queueName } from './generation-queues.ts';

const payloadSchema = z.object({ generationJobId: z.string().uuid() });

export interface JobRunnerOptions {
  database: DatabaseHandle;
  /** PostgreSQL URL for pg-boss's own pool (when the app runs on PostgreSQL). */
  databaseUrl?: string | undefined;
  logger: Logger;
  /** Heartbeat interval: a killed worker's job is retried once this much time passes without one. */
  heartbeatSeconds?: number;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
}

/**
 * The durable queue (pg-boss) for generation jobs, on PostgreSQL or the embedded database. The same
 * runner enqueues (server) and works (worker); run both in one process or separately.
 */
export class JobRunner implements JobQueue {
  readonly boss: PgBoss;
  readonly #logger: Logger;
  readonly #heartbeatSeconds: number;
  readonly #pollingIntervalSeconds: number;
  #started = false;

  constructor(options: JobRunnerOptions) {
    const { database } = options;
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: gatedSqlAdapter(fromPglite(database.pglite!), database), schema: 'pgboss', supervise: true, schedule: false })
        : new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4, schedule: false });
    this.#logger = options.logger;
    this.#heartbeatSeconds = options.heartbeatSeconds ?? 10;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
    this.boss.on('error', (err: Error) => this.#logger.error({ err: err.message }, 'job queue error'));
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.boss.start();
    await this.boss.createQueue(DEAD_LETTER_QUEUE).catch(() => undefined);
    for (const [kind, policy] of Object.entries(generationQueues) as [GenerationKind, (typeof generationQueues)[GenerationKind]][]) {
      await this.boss
        .createQueue(queueName(kind), {
          expireInSeconds: policy.expireInSeconds,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelay,
          retryBackoff: true,
          heartbeatSeconds: this.#heartbeatSeconds,
          deadLetter: DEAD_LETTER_QUEUE,
        })
        .catch(() => undefined);
    }
    this.#started = true;
  }

  async enqueue(kind: GenerationKind, generationJobId: string): Promise<string | null> {
    return this.boss.send(queueName(kind), { generationJobId });
  }

  /** Starts working every generation queue with the given services. */
  async work(deps: AppDeps, options: { concurrency?: number } = {}): Promise<void> {
    for (const kind of Object.keys(generationQueues) as GenerationKind[]) {
      const policy = generationQueues[kind];
      await this.boss.work(
        queueName(kind),
        { pollingIntervalSeconds: this.#pollingIntervalSeconds, localConcurrency: options.concurrency ?? 1 },
        async ([job]) => {
          if (!job) return;
          const { generationJobId } = payloadSchema.parse(job.data);
          await runGenerationJob(deps, generationJobId, { lastAttempt: job.retryCount >= policy.retryLimit });
        },
      );
    }
    // Jobs that exhausted their retries (or whose worker kept dying) land here: mark them dead.
    await this.boss.work(DEAD_LETTER_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      const parsed = payloadSchema.safeParse(job?.data);
      if (!parsed.success) return;
      const row = await deps.db.selectFrom('generation_jobs').select(['status', 'project_id']).where('id', '=', parsed.data.generationJobId).executeTakeFirst();
      if (!row || row.status === 'succeeded' || row.status === 'dead') return;
      const message = 'Generation stopped after several attempts. Please try again.';
      await markJobFailed(deps.db, parsed.data.generationJobId, deps.clock.now(), message, true);
      await deps.db.updateTable('projects').set({ last_error: message }).where('id', '=', row.project_id).execute();
    });
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    await this.boss.stop({ graceful: true, timeout: 10_000 });
    this.#started = false;
  }
}
