import { completeProviderCallback, expectProviderCallback, providerCallbackArrived } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../testing.ts';
import { forgetOldProviderCallbacks, PROVIDER_CALLBACK_RETENTION_MS } from './provider-callbacks.ts';

describe.each(testDatabaseKinds())('provider callbacks housekeeping on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('forgets expectations past the retention, arrived or not, and keeps the recent ones', async () => {
    const clock = testClock(new Date());
    const old = new Date(clock.now().getTime() - PROVIDER_CALLBACK_RETENTION_MS - 60_000);
    await expectProviderCallback(t.db, 'fal', 'old-waiting');
    await expectProviderCallback(t.db, 'replicate', 'old-arrived');
    await completeProviderCallback(t.db, 'replicate', 'old-arrived', 'succeeded', old);
    await sql`UPDATE provider_callbacks SET expected_at = ${old} WHERE external_id IN ('old-waiting', 'old-arrived')`.execute(t.db);
    await expectProviderCallback(t.db, 'fal', 'recent');

    expect(await forgetOldProviderCallbacks({ db: t.db, clock })).toBe(2);
    const left = await sql<{ external_id: string }>`SELECT external_id FROM provider_callbacks ORDER BY external_id`.execute(t.db);
    expect(left.rows.map((r) => r.external_id)).toEqual(['recent']);
    // The recent one still completes, once.
    expect(await completeProviderCallback(t.db, 'fal', 'recent', 'succeeded', clock.now())).toBe(true);
    expect(await completeProviderCallback(t.db, 'fal', 'recent', 'succeeded', clock.now())).toBe(false);
    expect(await providerCallbackArrived(t.db, 'fal', 'recent')).toBe(true);
    expect(await forgetOldProviderCallbacks({ db: t.db, clock })).toBe(0);
    // A late callback for a forgotten prediction is kept like one that comes before its step waits
    // (no step waits for it), and is forgotten in its turn after the retention.
    expect(await completeProviderCallback(t.db, 'fal', 'old-waiting', 'succeeded', clock.now())).toBe(true);
    clock.advance(PROVIDER_CALLBACK_RETENTION_MS + 60_000);
    expect(await forgetOldProviderCallbacks({ db: t.db, clock })).toBe(2);
  });
});
