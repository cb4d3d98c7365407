import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts';
import { insertRefund, lockRefundForProviderRefund, sumCountedRefundCents } from './refunds.ts';
import { insertTransaction } from './transactions.ts';
import { insertUser } from './users.ts';

describe.each(testDatabaseKinds())('refunds repository on %s', (kind) => {
  let t: TestDatabase;
  let transactionId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    const userId = (await insertUser(t.db, { googleSub: null, email: 'r@example.com', firstName: null, lastName: null, profileImageUrl: null })).id;
    transactionId = await insertTransaction(t.db, { user_id: userId, amount_cents: 1000, status: 'succeeded', description: null, transaction_date: new Date() });
  });

  const lock = (stripeRefundId: string, localId: string | null) => t.db.transaction().execute((trx) => lockRefundForProviderRefund(trx, transactionId, stripeRefundId, localId));

  it('finds a provider refund by its id before a row that only our id names', async () => {
    const ours = await insertRefund(t.db, { transaction_id: transactionId, amount_cents: 300, status: 'pending' });
    const recorded = await insertRefund(t.db, { transaction_id: transactionId, amount_cents: 300, status: 'pending', stripe_refund_id: 're_1' });
    expect((await lock('re_1', ours))?.id).toBe(recorded);
    expect((await lock('re_2', ours))?.id).toBe(ours);
    expect(await lock('re_2', null)).toBeUndefined();
  });

  it('counts every refund of the payment that did not fail', async () => {
    expect(await sumCountedRefundCents(t.db, transactionId)).toBe(0);
    await insertRefund(t.db, { transaction_id: transactionId, amount_cents: 200, status: 'succeeded' });
    await insertRefund(t.db, { transaction_id: transactionId, amount_cents: 300, status: 'pending' });
    await insertRefund(t.db, { transaction_id: transactionId, amount_cents: 400, status: 'failed' });
    expect(await sumCountedRefundCents(t.db, transactionId)).toBe(500);
  });
});
