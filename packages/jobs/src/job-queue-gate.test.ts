import { createTestDatabase, type TestDatabase } from '@reelsmith/db/testing';
import { silentLogger } from '@reelsmith/core/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobRunner } from './job-runner.ts';

let database: TestDatabase;
let runner: JobRunner;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  runner = new JobRunner({ database, logger: silentLogger });
  await runner.start();
  expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
});
afterAll(async () => {
  await runner.stop();
  await database.close();
});

it('on PGlite a job sent while a Kysely transaction is open is not part of it: it survives the rollback', async () => {
  const generationJobId = '00000000-0000-4000-8000-000000000013';
  let sent: Promise<string | null> | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('users').values({ email: 'rolled-back@example.com', google_sub: null, first_name: null, last_name: null, profile_image_url: null, stripe_customer_id: null }).execute();
      sent = runner.enqueue('voiceover', generationJobId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back');
    })
    .catch((err: Error) => {
      if (err.message !== 'roll back') throw err;
    });
  const jobId = await sent;
  expect(jobId).toEqual(expect.any(String));
  const rows = await database.pglite!.query('SELECT id, data FROM pgboss.job WHERE id = $1', [jobId]);
  expect(rows.rows).toEqual([{ id: jobId, data: { generationJobId } }]);
  expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
});
