import type { ProviderCallbacksTable } from '../schema.ts';
import type { Executor } from './users.ts';

export type ProviderCallbackProvider = ProviderCallbacksTable['provider'];

/** A step waits for this prediction: a callback for it will be accepted (a repeated expectation changes nothing). */
export async function expectProviderCallback(db: Executor, provider: ProviderCallbackProvider, externalId: string): Promise<void> {
  await db.insertInto('provider_callbacks').values({ provider, external_id: externalId }).onConflict((oc) => oc.columns(['provider', 'external_id']).doNothing()).execute();
}

/**
 * A verified callback: marks the prediction arrived once (its trigger announces it on commit). A
 * callback may come before the step has recorded its expectation (a fast prediction: the step learns
 * the id from the create call's answer, the provider may call back first), so an id nobody expects
 * yet is stored as arrived and the step finds it when it looks. Answers false for a repeated or late
 * callback, which changes nothing.
 */
export async function completeProviderCallback(db: Executor, provider: ProviderCallbackProvider, externalId: string, status: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('provider_callbacks')
    .values({ provider, external_id: externalId, completed_at: at, status: status.slice(0, 40) })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'external_id'])
        .doUpdateSet((eb) => ({ completed_at: eb.ref('excluded.completed_at'), status: eb.ref('excluded.status') }))
        .where('provider_callbacks.completed_at', 'is', null),
    )
    .returning('external_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the callback for this prediction has arrived already. */
export async function providerCallbackArrived(db: Executor, provider: ProviderCallbackProvider, externalId: string): Promise<boolean> {
  const row = await db.selectFrom('provider_callbacks').select('completed_at').where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst();
  return Boolean(row?.completed_at);
}

/** Forgets the expectations made before `before`, arrived or not; answers how many. */
export async function deleteProviderCallbacksExpectedBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('provider_callbacks').where('expected_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
