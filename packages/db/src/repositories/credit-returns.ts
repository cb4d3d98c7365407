import { sql } from 'kysely';
import type { Executor } from './users.ts';

// A returned video credit per project (at most one not yet taken again), and the subscription
// counter it moves. Both run inside the caller's transaction, under its locks.

/** The user's newest subscription that has counted a video, locked. */
export function lockSubscriptionWithUsage(trx: Executor, userId: string): Promise<{ id: string; documents_used: number } | undefined> {
  return trx.selectFrom('subscriptions').select(['id', 'documents_used']).where('user_id', '=', userId).where('documents_used', '>', 0).orderBy('created_at', 'desc').forUpdate().executeTakeFirst();
}

/** Locks all of the user's subscriptions until the transaction ends. */
export async function lockUserSubscriptions(trx: Executor, userId: string): Promise<void> {
  await trx.selectFrom('subscriptions').select('id').where('user_id', '=', userId).forUpdate().execute();
}

/** Records a returned credit unless the project already has one open; answers whether it did. */
export async function insertCreditReturn(
  trx: Executor,
  row: { project_id: string; user_id: string; subscription_id: string; job_id: string; reason: string },
): Promise<boolean> {
  const inserted = await trx.insertInto('credit_returns').values(row).onConflict((oc) => oc.column('project_id').where('retaken_at', 'is', null).doNothing()).returning('id').executeTakeFirst();
  return Boolean(inserted);
}

/** One video fewer counted on the subscription (never below zero). */
export async function uncountVideo(trx: Executor, subscriptionId: string): Promise<void> {
  await trx.updateTable('subscriptions').set({ documents_used: sql`GREATEST(documents_used - 1, 0)` }).where('id', '=', subscriptionId).execute();
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
