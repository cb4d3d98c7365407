import type { Executor } from './users.ts';

// A returned video credit per project (at most one not yet taken again); the subscription counter it
// moves is in subscriptions.ts. Both run inside the caller's transaction, under its locks.

/** Records a returned credit unless the project already has one open; answers whether it did. */
export async function insertCreditReturn(
  trx: Executor,
  row: { project_id: string; user_id: string; subscription_id: string; job_id: string; reason: string },
): Promise<boolean> {
  const inserted = await trx.insertInto('credit_returns').values(row).onConflict((oc) => oc.column('project_id').where('retaken_at', 'is', null).doNothing()).returning('id').executeTakeFirst();
  return Boolean(inserted);
}

/** The project's open returned credit, locked; undefined when there is none. */
export function lockOpenCreditReturn(trx: Executor, projectId: string): Promise<{ id: string } | undefined> {
  return trx.selectFrom('credit_returns').select('id').where('project_id', '=', projectId).where('retaken_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function markCreditRetaken(trx: Executor, id: string, at: Date): Promise<void> {
  await trx.updateTable('credit_returns').set({ retaken_at: at }).where('id', '=', id).execute();
}

/** How many credits were returned since `since`. */
export async function countCreditReturnsSince(db: Executor, since: Date): Promise<number> {
  const row = await db.selectFrom('credit_returns').select((eb) => eb.fn.countAll<string>().as('n')).where('returned_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}
