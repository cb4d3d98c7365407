/** A generation job this process is working on: the attempt it claimed (once known), and whether it was handed back. */
export interface RunningGeneration {
  readonly generationJobId: string;
  /** Settles once the runner has claimed an attempt (its number) or knows it claimed none (null). */
  readonly claimed: Promise<number | null>;
  handedBack: boolean;
}

/**
 * What a job runner's handlers are doing now, for a graceful stop: how many run, which generation
 * attempts they hold, and a wait that ends when they have all finished or the grace period is over.
 */
export class RunningJobs {
  #handlers = 0;
  #onIdle: (() => void)[] = [];
  readonly #generations = new Set<RunningGeneration>();

  /** Handlers running now (every queue). */
  get count(): number {
    return this.#handlers;
  }

  get generations(): ReadonlySet<RunningGeneration> {
    return this.#generations;
  }

  /** Runs one queue handler, counted until it settles. */
  async track<T>(handler: () => Promise<T>): Promise<T> {
    this.#handlers += 1;
    try {
      return await handler();
    } finally {
      this.#handlers -= 1;
      if (this.#handlers === 0) for (const wake of this.#onIdle.splice(0)) wake();
    }
  }

  /** Runs the work of one generation job, told through `onClaimed` which attempt it holds. */
  async generation<T>(generationJobId: string, work: (entry: RunningGeneration, onClaimed: (attempt: number | null) => void) => Promise<T>): Promise<T> {
    let settle: (attempt: number | null) => void = () => undefined;
    const claimed = new Promise<number | null>((resolve) => (settle = resolve));
    const entry: RunningGeneration = { generationJobId, claimed, handedBack: false };
    this.#generations.add(entry);
    try {
      return await work(entry, settle);
    } finally {
      // A second settle is ignored: this only answers for work that ended before it claimed anything.
      settle(null);
      this.#generations.delete(entry);
    }
  }

  /** Resolves true once no handler runs, or false when `ms` passes first. */
  async settled(ms: number): Promise<boolean> {
    if (this.#handlers === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.#onIdle.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
