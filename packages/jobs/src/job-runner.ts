import { fromPglite, PgBoss } from 'pg-boss';
import { gatedSqlAdapter, queuesWithDueJobs, type DatabaseHandle, type GenerationKind } from '@reelsmith/db';
import {
  DEAD_LETTER_MESSAGE,
  deliverWebhook,
  emailRetryPolicy,
  finaliseFailedJob,
  handBackJobAttempt,
  forgetOldProviderCallbacks,
  providerOfStep,
  redeliverLoggedEmail,
  runGenerationJob,
  sweepWebhookOutbox,
  type AppDeps,
  type EmailRetryQueue,
  type JobOutcome,
  type JobQueue,
  type Logger,
  type WebhookDeliveryJob,
  type WebhookQueue,
} from '@reelsmith/core';
import { z } from 'zod';
import { DueJobBackstop } from './due-job-backstop.ts';
import { RunningJobs } from './running-jobs.ts';
import { DEAD_LETTER_QUEUE, failureBackoffMs, generationQueues, queueName, RECOVERY } from './generation-queues.ts';

const payloadSchema = z.object({ generationJobId: z.string().uuid() });
const emailPayloadSchema = z.object({ logId: z.string().uuid() });
const webhookPayloadSchema = z.object({ eventId: z.string().min(1).max(64), endpointId: z.string().uuid(), attempt: z.number().int().min(1).max(100) });

/** Temporarily refused e-mails wait here for their next attempt. */
export const EMAIL_RETRY_QUEUE = 'email-retry';

/** Customers' webhook deliveries: each attempt is one job, the next one sent with its delay (startAfter). */
export const WEBHOOK_QUEUE = 'webhook-delivery';

/**
 * How often each worker fetches on its own: the last resort. The runner's one backstop look across
 * every worked queue (DueJobBackstop) wakes them sooner whenever a job is due.
 */
const OWN_POLL_SECONDS = 30;

/** How often a worker does its housekeeping: the webhook outbox, old provider callbacks. */
const HOUSEKEEPING_MS = 60_000;

export interface JobRunnerOptions {
  database: DatabaseHandle;
  /** PostgreSQL URL for pg-boss's own pool (when the app runs on PostgreSQL). */
  databaseUrl?: string | undefined;
  logger: Logger;
  /** A killed worker's job is retried once this long passes without its heartbeat (pg-boss allows 10 at least). */
  heartbeatSeconds?: number;
  /** How often a working job's heartbeat is written (well under heartbeatSeconds, so a live job is never taken). */
  heartbeatRefreshSeconds?: number;
  /** How often the supervisor looks for jobs whose heartbeat stopped (and for expired jobs). */
  superviseIntervalSeconds?: number;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** The first e-mail retry's delay after a temporary SMTP refusal (SMTP_RETRY_BASE_SECONDS). */
  emailRetryBaseSeconds?: number;
  /**
   * On stop(): how long running jobs get to finish (SHUTDOWN_GRACE_SECONDS). Jobs still running then are
   * handed back to the queue (failed with pg-boss's shutdown message), and another worker retries them at once.
   */
  shutdownGraceSeconds?: number;
}

/** Running jobs' time to finish when a runner stops, unless told (SHUTDOWN_GRACE_SECONDS). */
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;

/** Why the queue retries a job whose worker stopped while it ran. */
const HANDED_BACK_MESSAGE = 'handed back: its worker stopped before the job finished';

/**
 * The durable queue (pg-boss) for generation jobs, on PostgreSQL or the embedded database. The same
 * runner enqueues (server) and works (worker); run both in one process or separately.
 */
export class JobRunner implements JobQueue, EmailRetryQueue, WebhookQueue {
  readonly baseDelaySeconds: number;
  readonly boss: PgBoss;
  readonly #logger: Logger;
  readonly #heartbeatSeconds: number;
  readonly #heartbeatRefreshSeconds: number;
  readonly #pollingIntervalSeconds: number;
  readonly #shutdownGraceSeconds: number;
  readonly #database: DatabaseHandle;
  /** What this process's handlers are working on (a graceful stop waits for them). */
  readonly #running = new RunningJobs();
  /** The queues this process works (a stop stops fetching from each). */
  readonly #worked: string[] = [];
  #started = false;
  #housekeepingTimer: NodeJS.Timeout | undefined;
  /** Whether announcements wake the workers (pg-boss warns when its listener cannot be set up). */
  #listening = true;
  readonly #backstop: DueJobBackstop;

  constructor(options: JobRunnerOptions) {
    const { database } = options;
    // Every instance supervises: whichever is alive notices a dead worker's job within a second. The
    // embedded database is one process (no other worker to hand a job to) on one gated connection, so
    // it looks less often.
    const superviseSeconds = options.superviseIntervalSeconds ?? (database.kind === 'pglite' ? RECOVERY.embeddedSuperviseIntervalSeconds : RECOVERY.superviseIntervalSeconds);
    const supervision = { supervise: true, superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds };
    // A job sent wakes the workers of its queue at once (LISTEN/NOTIFY, the queues opt in below); the
    // poll is only the backstop for what no announcement covers (a retry, a delayed job coming due).
    const wakeUps = { useListenNotify: true };
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: gatedSqlAdapter(fromPglite(database.pglite!), database), schema: 'pgboss', schedule: false, ...supervision, ...wakeUps })
        : new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4, schedule: false, ...supervision, ...wakeUps });
    this.#logger = options.logger;
    this.#heartbeatSeconds = options.heartbeatSeconds ?? RECOVERY.heartbeatSeconds;
    this.#heartbeatRefreshSeconds = options.heartbeatRefreshSeconds ?? RECOVERY.heartbeatRefreshSeconds;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
    this.#shutdownGraceSeconds = options.shutdownGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS;
    this.#database = database;
    this.baseDelaySeconds = options.emailRetryBaseSeconds ?? emailRetryPolicy.baseDelaySeconds;
    this.boss.on('error', (err: Error) => this.#logger.error({ err: err.message }, 'job queue error'));
    this.boss.on('warning', (warning: { message?: string; data?: { type?: string } }) => {
      if (warning?.data?.type === 'listen_notify_unavailable') this.#listening = false;
      this.#logger.warn({ warning: warning?.message }, 'job queue warning');
    });
    // Woken by announcements, the workers are looked after by one backstop this often (a retry, a
    // delayed job coming due); without announcements, as often as a worker would poll.
    this.#backstop = new DueJobBackstop({
      look: (queues) => queuesWithDueJobs(database.db, queues),
      wake: (queue) => {
        for (const worker of this.boss.getWipData({ includeInternal: true })) if (worker.name === queue) this.boss.notifyWorker(worker.id);
      },
      intervalMs: () => 1000 * (this.#listening ? Math.max(this.#pollingIntervalSeconds, RECOVERY.pollBackstopSeconds) : this.#pollingIntervalSeconds),
      logger: options.logger,
    });
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.boss.start();
    await this.boss.createQueue(DEAD_LETTER_QUEUE).catch(() => undefined);
    // A retry job that fails (the database, not SMTP: SMTP answers are handled inside) is tried twice more.
    await this.boss.createQueue(EMAIL_RETRY_QUEUE, { retryLimit: 2, retryDelay: 30, expireInSeconds: 300, notify: true }).catch(() => undefined);
    // A delivery job that fails (the database, not the receiver: its answers are logged and retried inside) is tried twice more.
    await this.boss.createQueue(WEBHOOK_QUEUE, { retryLimit: 2, retryDelay: 30, expireInSeconds: 120, notify: true }).catch(() => undefined);
    // createQueue keeps an existing queue's options: bring queues made by an older release up to date.
    for (const name of [EMAIL_RETRY_QUEUE, WEBHOOK_QUEUE]) await this.boss.updateQueue(name, { notify: true });
    for (const [kind, policy] of Object.entries(generationQueues) as [GenerationKind, (typeof generationQueues)[GenerationKind]][]) {
      const options = {
        expireInSeconds: policy.expireInSeconds,
        retryLimit: policy.retryLimit,
        // A retry is fetchable as soon as the queue fails the attempt: after a crash nothing waits;
        // after a handler failure the handler has already waited its backoff (see work()).
        retryDelay: 0,
        retryBackoff: false,
        heartbeatSeconds: this.#heartbeatSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      };
      await this.boss.createQueue(queueName(kind), options).catch(() => undefined);
      // createQueue keeps an existing queue's options: bring a queue made by an older release up to date.
      await this.boss.updateQueue(queueName(kind), options);
    }
    this.#started = true;
  }

  async enqueue(kind: GenerationKind, generationJobId: string): Promise<string | null> {
    return this.boss.send(queueName(kind), { generationJobId });
  }

  async ready(): Promise<void> {
    // The last queue start() sets up: found means the queue's schema answers and this release's queues exist.
    if (!this.#started || !(await this.boss.getQueue(queueName('final')))) throw new Error('the job queue is not set up');
  }

  async retryEmailLater(logId: string, delaySeconds: number): Promise<void> {
    // The retry offers the message only while its log row is still pending: a job run again after the mail went out sends nothing.
    await this.boss.send(EMAIL_RETRY_QUEUE, { logId }, { startAfter: Math.max(1, Math.round(delaySeconds)) });
  }

  async deliverWebhookLater(delivery: WebhookDeliveryJob, delaySeconds: number): Promise<void> {
    const delay = Math.round(delaySeconds);
    await this.boss.send(WEBHOOK_QUEUE, { ...delivery }, delay > 0 ? { startAfter: delay } : {});
  }

  /** Starts working every generation queue (and the e-mail retries) with the given services. */
  async work(deps: AppDeps, options: { concurrency?: number } = {}): Promise<void> {
    // Woken by announcements and by the runner's one backstop look (see the constructor), each worker's own poll is the last resort.
    const backstop = { pollingIntervalSeconds: OWN_POLL_SECONDS, notifyPollingIntervalSeconds: OWN_POLL_SECONDS };
    for (const kind of Object.keys(generationQueues) as GenerationKind[]) {
      const policy = generationQueues[kind];
      this.#worked.push(queueName(kind));
      await this.boss.work(
        queueName(kind),
        {
          ...backstop,
          localConcurrency: options.concurrency ?? 1,
          // pg-boss writes the heartbeat while the handler runs, however long the step takes.
          heartbeatRefreshSeconds: this.#heartbeatRefreshSeconds,
        },
        ([job]) => this.#running.track(async () => {
          if (!job) return;
          const { generationJobId } = payloadSchema.parse(job.data);
          const started = performance.now();
          const finished = (outcome: JobOutcome) =>
            deps.metrics?.jobFinished({ step: kind, provider: providerOfStep(deps.providers, kind), outcome, seconds: (performance.now() - started) / 1000 });
          await this.#running.generation(generationJobId, async (entry, onClaimed) => {
            try {
              const ran = await runGenerationJob(deps, generationJobId, { lastAttempt: job.retryCount >= policy.retryLimit, onClaimed });
              finished(ran === 'succeeded' ? 'completed' : ran === 'finalised' ? 'failed' : 'skipped');
            } catch (err) {
              finished('retrying');
              // The step failed and will be retried: back off here, with the heartbeat still flowing,
              // so that the queue's own retry (also the one after a crash) needs no delay.
              if (!entry.handedBack) await sleep(failureBackoffMs(policy, job.retryCount), job.signal);
              throw err;
            }
            // Handed back while it ran (a stop past its grace): the queue must retry it, not count it done.
            if (entry.handedBack) throw new Error(HANDED_BACK_MESSAGE);
          });
        }),
      );
    }
    this.#worked.push(EMAIL_RETRY_QUEUE, WEBHOOK_QUEUE, DEAD_LETTER_QUEUE);
    await this.boss.work(EMAIL_RETRY_QUEUE, backstop, ([job]) =>
      this.#running.track(async () => {
        const parsed = emailPayloadSchema.safeParse(job?.data);
        if (!parsed.success) return;
        const result = await redeliverLoggedEmail(deps, parsed.data.logId);
        if (result) this.#logger.info({ logId: result.logId, status: result.status }, 'e-mail retried');
      }),
    );
    await this.boss.work(WEBHOOK_QUEUE, { ...backstop, localConcurrency: 4 }, ([job]) =>
      this.#running.track(async () => {
        const parsed = webhookPayloadSchema.safeParse(job?.data);
        if (!parsed.success) return;
        await deliverWebhook(deps, parsed.data);
      }),
    );
    // Housekeeping, once at start and every minute: what a stopped process left in the webhook outbox
    // is queued, and provider callbacks past their retention are forgotten.
    let sweeping = false;
    const housekeeping = async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        await sweepWebhookOutbox(deps);
        const forgotten = await forgetOldProviderCallbacks(deps);
        if (forgotten > 0) this.#logger.info({ forgotten }, 'old provider callbacks forgotten');
      } catch (err) {
        this.#logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'housekeeping failed');
      } finally {
        sweeping = false;
      }
    };
    void housekeeping();
    this.#housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
    this.#housekeepingTimer.unref();
    // Jobs that exhausted their retries (or whose worker kept dying) land here: the same end as a
    // runner's last failed attempt (dead, the paid step's credit back, the error on the project).
    await this.boss.work(DEAD_LETTER_QUEUE, backstop, ([job]) =>
      this.#running.track(async () => {
        const parsed = payloadSchema.safeParse(job?.data);
        if (!parsed.success) return;
        const done = await finaliseFailedJob(deps, parsed.data.generationJobId, { message: DEAD_LETTER_MESSAGE, reason: 'generation_failed', detail: 'the job queue gave up on it (dead letter)', ourFault: true });
        if (!done.finalised) return;
        deps.metrics?.jobDeadLettered();
        this.#logger.warn({ jobId: parsed.data.generationJobId, creditReturned: done.creditReturned }, 'generation job dead-lettered');
      }),
    );
    for (const name of this.#worked) this.#backstop.watch(name);
  }

  /** Queue handlers running in this process now. */
  get running(): number {
    return this.#running.count;
  }

  /**
   * A graceful stop: no new job is taken; running ones get the grace period (SHUTDOWN_GRACE_SECONDS) to
   * finish; what still runs then is handed back, so another worker takes it up at once (the steps are
   * idempotent and every write of the stopped attempt is fenced out); then the queue's pool closes.
   */
  async stop(): Promise<void> {
    clearInterval(this.#housekeepingTimer);
    this.#backstop.stop();
    if (!this.#started) return;
    // No new job from here on; handlers already running keep their heartbeats.
    await Promise.all(this.#worked.map((name) => this.boss.offWork(name, { wait: false })));
    const running = this.#running.count;
    if (running > 0) this.#logger.info({ running, graceSeconds: this.#shutdownGraceSeconds }, 'job runner stopping: waiting for running jobs');
    if (await this.#running.settled(this.#shutdownGraceSeconds * 1000)) {
      if (running > 0) this.#logger.info({ finished: running }, 'job runner stopped: every running job finished');
    } else {
      const handedBack = await this.#handBack();
      this.#logger.warn({ handedBack, stillRunning: this.#running.count }, 'job runner stopped: jobs still running after the grace period were handed back to the queue');
    }
    // Whatever still runs is failed now with pg-boss's shutdown message, and its queue retries it at once.
    await this.boss.stop({ graceful: false });
    this.#worked.length = 0;
    this.#started = false;
  }

  /** Gives back the attempts still running, before the queue redelivers their jobs (boss.stop fails them). */
  async #handBack(): Promise<number> {
    let handedBack = 0;
    for (const entry of this.#running.generations) {
      entry.handedBack = true;
      const attempt = await entry.claimed;
      if (attempt !== null && (await handBackJobAttempt({ db: this.#database.db }, entry.generationJobId, attempt))) handedBack += 1;
    }
    return handedBack;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
