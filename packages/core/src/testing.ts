// Dependencies for service tests: a real database, a controllable clock, a quiet logger.
import type { Kysely } from 'kysely';
import type { Database } from '@reelsmith/db';
import type { DatabaseKind } from '@reelsmith/db';
import { createTestDatabase, type TestDatabase } from '@reelsmith/db/testing';
import type { BillingDeps } from './billing/billing-deps.ts';
import { LocalPaymentProvider } from './billing/local-payment-provider.ts';
import type { PaymentProvider } from './billing/payment-provider.ts';
import type { Clock, Logger } from './deps.ts';
import { seedPlans } from './seed/seed-plans.ts';
import { seedSystemSettings } from './seed/seed-system-settings.ts';
import { createHash } from 'node:crypto';
import { DAILY_VIDEO_CAP, defaultSystemSettings, settingsGroups } from '@reelsmith/shared';
import { planCatalogue } from './billing/plan-catalogue.ts';

/** What the seed writes and how: a change to either makes a new PGlite snapshot. */
const seedDigest = createHash('sha256')
  .update(JSON.stringify([planCatalogue, defaultSystemSettings, settingsGroups, DAILY_VIDEO_CAP]))
  .update(seedPlans.toString())
  .update(seedSystemSettings.toString())
  .digest('hex')
  .slice(0, 16);

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

export const TEST_PUBLIC_URL = 'http://127.0.0.1:3999';

/** Service dependencies for tests; payments default to the local provider. */
export function testDeps(db: Kysely<Database>, clock: Clock = testClock(), payments?: PaymentProvider): BillingDeps {
  return {
    db,
    clock,
    logger: silentLogger,
    publicUrl: TEST_PUBLIC_URL,
    payments: payments ?? new LocalPaymentProvider({ db, clock, publicUrl: TEST_PUBLIC_URL }),
  };
}

/** A migrated test database whose reset keeps the reference data (plans, settings) seeded as on a started server. */
export async function createSeededTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const seedInto = async (db: Kysely<Database>) => {
    await seedPlans(testDeps(db));
    await seedSystemSettings(testDeps(db));
  };
  // On PGlite the seeded state comes from the shared snapshot (its key names this seed).
  const t = await createTestDatabase(kind, { key: `seeded-${seedDigest}`, run: seedInto });
  const seed = () => seedInto(t.db);
  const reset = t.reset;
  t.reset = async () => {
    await reset();
    await seed();
  };
  return t;
}

export { startSmtpSink, type SinkOptions, type SinkRefusal, type SmtpSink } from './email/smtp-sink.ts';
export { StrictS3Peer, type StrictS3PeerOptions, type PeerRequest } from './storage/testing/strict-s3-peer.ts';
