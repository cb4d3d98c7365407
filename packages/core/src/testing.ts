// Dependencies for service tests: a real database, a controllable clock, a quiet logger.
import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';
import type { Clock, CoreDeps, Logger } from './deps.ts';

export interface TestClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function testClock(start = new Date('2026-11-22T12:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export function testDeps(db: Kysely<Database>, clock: Clock = testClock()): CoreDeps {
  return { db, clock, logger: silentLogger };
}
