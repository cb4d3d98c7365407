import type { Executor } from '@reelsmith/db';

/** Where Stripe customer and price ids are kept, per Stripe account and mode. */
export interface StripeIdStore {
  /** `db` is the caller's open transaction, when there is one (the embedded database has one session). */
  find(account: string, kind: 'customer' | 'price', localKey: string, db?: Executor): Promise<string | null>;
  remember(account: string, kind: 'customer' | 'price', localKey: string, stripeId: string, db?: Executor): Promise<void>;
}

/** The stripe_ids table as a StripeIdStore. The first id remembered for a key stays. */
export function databaseStripeIds(db: Executor): StripeIdStore {
  return {
    async find(account, kind, localKey, trx = db) {
      const row = await trx.selectFrom('stripe_ids').select('stripe_id').where('account', '=', account).where('kind', '=', kind).where('local_key', '=', localKey).executeTakeFirst();
      return row?.stripe_id ?? null;
    },
    async remember(account, kind, localKey, stripeId, trx = db) {
      await trx.insertInto('stripe_ids').values({ account, kind, local_key: localKey, stripe_id: stripeId }).onConflict((oc) => oc.columns(['account', 'kind', 'local_key']).doNothing()).execute();
    },
  };
}

/** The user a Stripe customer id belongs to, in any account or mode we have used. */
export async function userIdForStripeCustomer(db: Executor, customerId: string): Promise<string | undefined> {
  const direct = await db.selectFrom('users').select('id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
  if (direct) return direct.id;
  const kept = await db.selectFrom('stripe_ids').select('local_key').where('kind', '=', 'customer').where('stripe_id', '=', customerId).executeTakeFirst();
  return kept?.local_key;
}
