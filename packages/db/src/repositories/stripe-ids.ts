import type { StripeIdsTable } from '../schema.ts';
import type { Executor } from './users.ts';

type StripeIdKind = StripeIdsTable['kind'];

/** The Stripe id kept for a local key in one account and mode, or undefined. */
export async function findStripeId(db: Executor, account: string, kind: StripeIdKind, localKey: string): Promise<string | undefined> {
  return (await db.selectFrom('stripe_ids').select('stripe_id').where('account', '=', account).where('kind', '=', kind).where('local_key', '=', localKey).executeTakeFirst())?.stripe_id;
}

/** Keeps a Stripe id for a local key; the first one kept for a key stays. */
export async function insertStripeIdIfAbsent(db: Executor, row: { account: string; kind: StripeIdKind; local_key: string; stripe_id: string }): Promise<void> {
  await db.insertInto('stripe_ids').values(row).onConflict((oc) => oc.columns(['account', 'kind', 'local_key']).doNothing()).execute();
}

/** The local key a Stripe id was kept for, in any account or mode. */
export async function findStripeIdLocalKey(db: Executor, kind: StripeIdKind, stripeId: string): Promise<string | undefined> {
  return (await db.selectFrom('stripe_ids').select('local_key').where('kind', '=', kind).where('stripe_id', '=', stripeId).executeTakeFirst())?.local_key;
}
