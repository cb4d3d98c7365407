import type { DatabaseHandle } from '@reelsmith/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@reelsmith/db/testing';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformStatusCache } from './platform-status-cache.ts';

/** Counts the statements that read the settings table. */
function settingsReadCounter(): { plugin: KyselyPlugin; reads: () => number } {
  let reads = 0;
  return {
    plugin: {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"system_settings"')) reads += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    },
    reads: () => reads,
  };
}

async function until(what: string, predicate: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDatabaseKinds())('the feature switches kept in a process, on %s', (kind) => {
  let t: TestDatabase;
  let cache: PlatformStatusCache;
  let counter: ReturnType<typeof settingsReadCounter>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await cache?.close();
    await t.reset();
    counter = settingsReadCounter();
    const counted: DatabaseHandle = { ...t, db: t.db.withPlugin(counter.plugin) };
    cache = await PlatformStatusCache.listen(counted);
  });
  const maintenance = (on: boolean) => sql`INSERT INTO system_settings (key, value) VALUES ('features', ${JSON.stringify({ maintenanceMode: on })}::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(t.db);

  it('reads once however many calls ask, at the same time or later', async () => {
    const first = await Promise.all(Array.from({ length: 50 }, () => cache.read()));
    expect(first.every((s) => s.maintenanceMode === false)).toBe(true);
    for (let i = 0; i < 20; i++) await cache.read();
    expect(counter.reads()).toBe(1);
  });

  it('reads again once the features change, whoever changed them (another process, psql)', async () => {
    expect((await cache.read()).maintenanceMode).toBe(false);
    await maintenance(true);
    await until('maintenance mode read again', async () => (await cache.read()).maintenanceMode);
    expect(counter.reads()).toBe(2);
    await maintenance(false);
    await until('maintenance mode off again', async () => !(await cache.read()).maintenanceMode);
  });

  it('keeps its reading when another settings group changes, and forgets it when the table is emptied', async () => {
    // Read before the change, so the change's own notification is the one that makes it read again.
    expect((await cache.read()).maintenanceMode).toBe(false);
    await maintenance(true);
    await until('maintenance mode read', async () => (await cache.read()).maintenanceMode);
    const reads = counter.reads();
    await sql`INSERT INTO system_settings (key, value) VALUES ('general', ${JSON.stringify({ siteName: 'Elsewhere' })}::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(t.db);
    await new Promise((r) => setTimeout(r, 300));
    await cache.read();
    expect(counter.reads()).toBe(reads);
    await sql`TRUNCATE system_settings`.execute(t.db);
    await until('the defaults read after the truncate', async () => !(await cache.read()).maintenanceMode);
  });

  it('reads again after forget(), as a save in this process does', async () => {
    await cache.read();
    await maintenance(true);
    cache.forget();
    expect((await cache.read()).maintenanceMode).toBe(true);
  });
});
