import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts';
import { lockTransactionStatusByReference, upsertTransactionByReference } from './transactions.ts';
import { insertUser } from './users.ts';

describe.each(testDatabaseKinds())('transactions repository on %s', (kind) => {
  let t: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    userId = (await insertUser(t.db, { googleSub: null, email: 'payer@example.com', firstName: null, lastName: null, profileImageUrl: null })).id;
  });

  const payment = (over: Partial<Parameters<typeof upsertTransactionByReference>[2]> = {}) => ({
    user_id: userId,
    amount_cents: 1000,
    currency: 'usd',
    status: 'failed' as const,
    description: null,
    stripe_invoice_id: 'in_1',
    stripe_payment_intent_id: null,
    stripe_charge_id: null,
    stripe_receipt_url: null,
    transaction_date: new Date('2026-01-01T00:00:00Z'),
    ...over,
  });
  const row = (id: string) => t.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('updates the payment with the same reference in place, keeping the ids and receipt a later report lacks', async () => {
    const first = await upsertTransactionByReference(t.db, 'stripe_invoice_id', payment({ stripe_payment_intent_id: 'pi_1', stripe_receipt_url: 'https://r/1' }));
    const second = await upsertTransactionByReference(t.db, 'stripe_invoice_id', payment({ status: 'succeeded', transaction_date: new Date('2026-01-02T00:00:00Z') }));
    expect(second).toBe(first);
    expect(await row(first)).toMatchObject({
      status: 'succeeded',
      stripe_payment_intent_id: 'pi_1',
      stripe_receipt_url: 'https://r/1',
      transaction_date: new Date('2026-01-02T00:00:00Z'),
    });
    expect(Number((await t.db.selectFrom('transactions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('keeps what refunds made of a payment when its success is reported again', async () => {
    const id = await upsertTransactionByReference(t.db, 'stripe_invoice_id', payment({ status: 'succeeded' }));
    await t.db.updateTable('transactions').set({ status: 'partially_refunded', refunded_cents: 400 }).where('id', '=', id).execute();
    await upsertTransactionByReference(t.db, 'stripe_invoice_id', payment({ status: 'succeeded', amount_cents: 1200 }));
    expect(await row(id)).toMatchObject({ status: 'partially_refunded', amount_cents: 1000, refunded_cents: 400 });
  });

  it('reads the status of a payment by its reference, and nothing for an unknown one', async () => {
    await upsertTransactionByReference(t.db, 'stripe_payment_intent_id', payment({ stripe_invoice_id: null, stripe_payment_intent_id: 'pi_9', status: 'pending' }));
    await t.db.transaction().execute(async (trx) => {
      expect(await lockTransactionStatusByReference(trx, 'stripe_payment_intent_id', 'pi_9')).toBe('pending');
      expect(await lockTransactionStatusByReference(trx, 'stripe_payment_intent_id', 'pi_unknown')).toBeUndefined();
    });
  });
});
