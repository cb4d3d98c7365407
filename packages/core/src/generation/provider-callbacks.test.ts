import { completeProviderCallback, expectProviderCallback, providerCallbackArrived } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../testing.ts';
import { forgetOldProviderCallbacks, PROVIDER_CALLBACK_RETENTION_MS, receiveProviderWebhook } from './provider-callbacks.ts';
import { silentLogger } from '../testing.ts';

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
  it('marks a prediction arrived once when the same callback comes many times at once, expected or not yet', async () => {
    const clock = testClock(new Date());
    await expectProviderCallback(t.db, 'fal', 'parallel-expected');
    for (const id of ['parallel-expected', 'parallel-early']) {
      const results = await Promise.all(Array.from({ length: 8 }, () => completeProviderCallback(t.db, 'fal', id, 'OK', clock.now())));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await providerCallbackArrived(t.db, 'fal', id)).toBe(true);
    }
    // The step that records its wait after the early callback keeps it arrived.
    await expectProviderCallback(t.db, 'fal', 'parallel-early');
    expect(await providerCallbackArrived(t.db, 'fal', 'parallel-early')).toBe(true);
  });

  it('stores nothing for a verified body whose id is hostile: control characters, a NUL, too long, or not text', async () => {
    const verifier = { verify: async () => ({ ok: true as const }) };
    const deps = { db: t.db, clock: testClock(new Date()), logger: silentLogger };
    const before = (await sql`SELECT 1 FROM provider_callbacks`.execute(t.db)).rows.length;
    for (const id of ['a\u0000b', 'line\nbreak', '\u001b[31mred', 'x'.repeat(201), 42, '']) {
      const body = Buffer.from(JSON.stringify({ request_id: id, status: 'OK' }));
      expect(await receiveProviderWebhook(deps, 'fal', verifier, {}, body)).toEqual({ result: 'ignored', externalId: undefined });
    }
    // Unicode that is not a control character is an ordinary id.
    expect(await receiveProviderWebhook(deps, 'fal', verifier, {}, Buffer.from(JSON.stringify({ request_id: 'req-ünïcode-✓', status: 'OK' })))).toMatchObject({ result: 'accepted' });
    expect((await sql`SELECT 1 FROM provider_callbacks`.execute(t.db)).rows.length).toBe(before + 1);
  });
});
