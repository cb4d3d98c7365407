import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The pino-compatible subset services log through. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CoreDeps {
  db: Kysely<Database>;
  logger: Logger;
  clock: Clock;
}
