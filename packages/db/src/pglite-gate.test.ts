import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { gatedSqlAdapter, pgliteGate, type SqlAdapter } from './pglite-gate.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal stand-in for the job queue's PGlite adapter: plain statements on the shared instance. */
function rawAdapter(handle: DatabaseHandle): SqlAdapter {
  return {
    executeSql: async (text, values) => (values?.length ? handle.pglite!.query(text, values) : { rows: (await handle.pglite!.exec(text)).flatMap((r) => r.rows) }),
  };
}

describe('one gate for every statement on the embedded database', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    await sql`CREATE TABLE marks (who text NOT NULL)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
  });
  const marks = async () => (await sql<{ who: string }>`SELECT who FROM marks ORDER BY who`.execute(handle.db)).rows.map((r) => r.who);

  it('a job-queue statement sent while a Kysely transaction is open runs after it, and survives its rollback', async () => {
    const adapter = gatedSqlAdapter(rawAdapter(handle), handle);
    const order: string[] = [];
    let queued: Promise<unknown> | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO marks VALUES ('transaction')`.execute(trx);
        queued = adapter.executeSql('INSERT INTO marks VALUES ($1)', ['queue']).then(() => order.push('queue'));
        await pause(30);
        order.push('rollback');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await queued;
    expect(order).toEqual(['rollback', 'queue']);
    expect(await marks()).toEqual(['queue']);
  });

  it('a block the gate holds (BEGIN … ROLLBACK over several statements) keeps Kysely writes out of it', async () => {
    const gate = pgliteGate(handle.db);
    const pglite = handle.pglite!;
    let kyselyWrite: Promise<unknown> | undefined;
    await gate(async () => {
      await pglite.exec('BEGIN');
      await pglite.query(`INSERT INTO marks VALUES ('raw block')`);
      kyselyWrite = sql`INSERT INTO marks VALUES ('kysely')`.execute(handle.db);
      await pause(30);
      await pglite.exec('ROLLBACK');
    });
    await kyselyWrite;
    expect(await marks()).toEqual(['kysely']);
  });

  it('the multi-statement blocks of the queue stay whole while Kysely writes in parallel', async () => {
    const adapter = gatedSqlAdapter(rawAdapter(handle), handle);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? adapter.executeSql(`BEGIN; INSERT INTO marks VALUES ('q${i}'); COMMIT;`)
          : handle.db.transaction().execute(async (trx) => {
              await sql`INSERT INTO marks VALUES (${`k${i}`})`.execute(trx);
              await pause(2);
              await sql`INSERT INTO marks VALUES (${`k${i}b`})`.execute(trx);
            }),
      ),
    );
    expect((await marks()).length).toBe(30);
  });

  it('leaves a PostgreSQL adapter as it is (each caller has its own connection there)', () => {
    const adapter = rawAdapter(handle);
    expect(gatedSqlAdapter(adapter, { ...handle, kind: 'postgres' })).toBe(adapter);
  });
});
