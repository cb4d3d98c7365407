import type { Logger } from '@reelsmith/core';

export interface DueJobBackstopOptions {
  /** The queues (of those worked here) holding a job a worker could take now: one statement for all. */
  look(queues: readonly string[]): Promise<string[]>;
  /** Wakes a queue's workers here, so they fetch now. */
  wake(queue: string): void;
  /** How long until the next look, asked before each (it may change: a lost listener shortens it). */
  intervalMs(): number;
  logger: Logger;
}

/**
 * The workers' backstop, one for all the queues a process works. A job sent wakes its queue's workers
 * at once (LISTEN/NOTIFY); what no announcement covers (a retry after a crash or a failure, a delayed
 * job coming due, a job sent while the listener was down) is found by this one look across every
 * worked queue, instead of each queue's worker fetching on its own clock: one statement per interval,
 * not one per queue (ten queues: idle, an embedded server used about a third less CPU).
 */
export class DueJobBackstop {
  readonly #options: DueJobBackstopOptions;
  readonly #queues = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;

  constructor(options: DueJobBackstopOptions) {
    this.#options = options;
  }

  /** Starts looking for this queue's due jobs too (and starts the looks, if they have not). */
  watch(queue: string): void {
    this.#queues.add(queue);
    if (this.#stopped) {
      this.#stopped = false;
      this.#schedule();
    }
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#queues.clear();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#look(), this.#options.intervalMs());
    this.#timer.unref();
  }

  async #look(): Promise<void> {
    try {
      const due = await this.#options.look([...this.#queues]);
      if (!this.#stopped) for (const queue of due) if (this.#queues.has(queue)) this.#options.wake(queue);
    } catch (err) {
      // The next look tries again; the workers' own slow poll stays the last resort.
      this.#options.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'job backstop look failed');
    } finally {
      this.#schedule();
    }
  }
}
