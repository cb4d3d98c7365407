import type { Executor } from './users.ts';

/** Records a provider event id; false when it was recorded before (a replay). */
export async function insertPaymentEventIfAbsent(db: Executor, event: { id: string; provider: 'stripe' | 'local'; type: string }): Promise<boolean> {
  const row = await db.insertInto('payment_events').values(event).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return Boolean(row);
}
