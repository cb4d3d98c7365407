import { createHash } from 'node:crypto';
import { GENERATION_JOBS_CHANNEL, listenToChannel, type ChannelListener, type DatabaseHandle, type Executor } from '@reelsmith/db';
import { deepFreeze } from '@reelsmith/shared';
import type { Logger } from '../deps.ts';
import { latestJobs, type GenerationJobView } from './job-views.ts';

/** What a subscriber waits on: the newest list of the project's jobs, older ones dropped unread. */
class Mailbox {
  private value: GenerationJobView[] | undefined;
  private wake: (() => void) | undefined;

  put(jobs: GenerationJobView[]): void {
    this.value = jobs;
    this.wake?.();
  }

  /** The next list, or undefined when the signal aborts first. */
  async take(signal: AbortSignal | undefined): Promise<GenerationJobView[] | undefined> {
    while (this.value === undefined) {
      if (signal?.aborted) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.wake = undefined;
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    const value = this.value;
    this.value = undefined;
    return value;
  }
}

interface ProjectFeed {
  subscribers: Set<Mailbox>;
  reading: boolean;
  /** Changed again while being read: read once more when the current read ends. */
  again: boolean;
}

const snapshotIds = new WeakMap<readonly GenerationJobView[], string>();

/**
 * A short id of what a list of jobs shows, the same in every process (progress streams resume on it).
 * A list handed to many streams is one frozen array, so its id is worked out once.
 */
export function jobsSnapshotId(jobs: readonly GenerationJobView[]): string {
  const known = snapshotIds.get(jobs);
  if (known) return known;
  const shown = jobs.map((j) => [j.id, j.status, j.stage, j.percent, j.error, j.reason, j.attempts]);
  const id = createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22);
  if (Object.isFrozen(jobs)) snapshotIds.set(jobs, id);
  return id;
}

/**
 * The process's fan-out of job changes. The database announces every change of a job with its
 * project's id (a trigger, packages/db); the process listens once, reads the changed project's jobs
 * once, and hands that list to every subscriber of the project in this process: open progress
 * streams and requests waiting for a job. Nothing reads the table on a timer, and a thousand open
 * wizards of one project cost one read per change, not a thousand.
 */
export class JobEvents {
  private readonly feeds = new Map<string, ProjectFeed>();
  private listener: ChannelListener | undefined;

  private readonly db: Executor;
  private readonly logger: Logger | undefined;

  constructor(db: Executor, logger?: Logger) {
    this.db = db;
    this.logger = logger;
  }

  /** A hub fed by the database's notifications (one listening connection for the process). */
  static async listen(database: DatabaseHandle, logger?: Logger): Promise<JobEvents> {
    const events = new JobEvents(database.db, logger);
    events.listener = await listenToChannel(database, GENERATION_JOBS_CHANNEL, (projectId) => events.changed(projectId), {
      // Announcements sent while the connection was down are lost: read every followed project again.
      onReconnect: () => events.changedAll(),
      onError: (err) => logger?.warn({ err: err.message }, 'job notifications: listening connection lost, reconnecting'),
    });
    return events;
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  /** Subscribers in this process (open streams and waiting requests). */
  get subscriberCount(): number {
    let n = 0;
    for (const feed of this.feeds.values()) n += feed.subscribers.size;
    return n;
  }

  /** The project's jobs changed. */
  changed(projectId: string): void {
    const feed = this.feeds.get(projectId);
    if (feed) void this.read(projectId, feed);
  }

  /** Any job may have changed. */
  changedAll(): void {
    for (const [projectId, feed] of this.feeds) void this.read(projectId, feed);
  }

  /**
   * The project's recent jobs now, then each time they change, until the signal aborts or the
   * caller stops. A list equal to the one before is not repeated.
   */
  async *watch(projectId: string, signal?: AbortSignal): AsyncGenerator<GenerationJobView[]> {
    const mailbox = new Mailbox();
    let feed = this.feeds.get(projectId);
    if (!feed) {
      feed = { subscribers: new Set(), reading: false, again: false };
      this.feeds.set(projectId, feed);
    }
    feed.subscribers.add(mailbox);
    try {
      // The first list is read for this subscriber; a change announced meanwhile is read again.
      void this.read(projectId, feed);
      let last = '';
      for (;;) {
        const jobs = await mailbox.take(signal);
        if (!jobs) return;
        const id = jobsSnapshotId(jobs);
        if (id === last) continue;
        last = id;
        yield jobs;
      }
    } finally {
      feed.subscribers.delete(mailbox);
      if (feed.subscribers.size === 0 && this.feeds.get(projectId) === feed) this.feeds.delete(projectId);
    }
  }

  private async read(projectId: string, feed: ProjectFeed): Promise<void> {
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.again = false;
        if (feed.subscribers.size === 0) return;
        // One frozen list for every subscriber: its snapshot id and its serialised form (the API's
        // transformer) are then made once per change, not once per open stream.
        const jobs = deepFreeze(await latestJobs(this.db, projectId));
        for (const mailbox of feed.subscribers) mailbox.put(jobs);
      } while (feed.again);
    } catch (err) {
      this.logger?.warn({ err: err instanceof Error ? err.message : String(err), projectId }, 'job notifications: reading the jobs failed');
    } finally {
      feed.reading = false;
    }
  }
}
