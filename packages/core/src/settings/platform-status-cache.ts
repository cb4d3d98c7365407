import { listenToChannel, SYSTEM_SETTINGS_CHANNEL, type ChannelListener, type DatabaseHandle, type Executor } from '@reelsmith/db';
import type { Logger } from '../deps.ts';
import { readPlatformStatus, type PlatformStatus } from './platform-status.ts';

/** Longest a kept reading is trusted without a word from the database (a listening connection that is down). */
const MAX_AGE_MS = 30_000;

/**
 * The feature switches every customer call checks (maintenance mode), read once per process and kept
 * until the settings change: the `system_settings` trigger announces each saved group, and the process
 * listening here forgets its reading when the features group (or every group) changed. A save in this
 * process forgets at once (saveSystemSettings); other processes hear it when the save commits. While
 * the listening connection is down a reading is kept at most 30 s, and forgotten when it is back.
 */
export class PlatformStatusCache {
  #current: { reading: Promise<PlatformStatus>; at: number } | undefined;
  #listener: ChannelListener | undefined;
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** A cache told of every settings change through the database's notifications. */
  static async listen(database: DatabaseHandle, logger?: Logger): Promise<PlatformStatusCache> {
    const cache = new PlatformStatusCache(database.db);
    cache.#listener = await listenToChannel(
      database,
      SYSTEM_SETTINGS_CHANNEL,
      (key) => {
        if (key === 'features' || key === '*') cache.forget();
      },
      {
        onReconnect: () => cache.forget(),
        onError: (err) => logger?.warn({ err: err.message }, 'settings notifications: listening connection lost, reconnecting'),
      },
    );
    return cache;
  }

  /** The switches as last read, or a new reading (shared by the calls that ask meanwhile). */
  read(): Promise<PlatformStatus> {
    const now = performance.now();
    if (this.#current && now - this.#current.at < MAX_AGE_MS) return this.#current.reading;
    const reading = readPlatformStatus(this.#db);
    const current = { reading, at: now };
    this.#current = current;
    // A failed reading is not kept: the next call reads again.
    reading.catch(() => {
      if (this.#current === current) this.#current = undefined;
    });
    return reading;
  }

  /** The settings changed: the next call reads them again. */
  forget(): void {
    this.#current = undefined;
  }

  async close(): Promise<void> {
    await this.#listener?.close();
  }
}

/** The feature switches through the process's cache where there is one, else read now. */
export function currentPlatformStatus(deps: { db: Executor; platformStatus?: PlatformStatusCache | undefined }): Promise<PlatformStatus> {
  return deps.platformStatus ? deps.platformStatus.read() : readPlatformStatus(deps.db);
}
