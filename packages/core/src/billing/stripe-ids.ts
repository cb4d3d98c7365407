import { findStripeId, findStripeIdLocalKey, findUserIdByStripeCustomerId, insertStripeIdIfAbsent, type Executor } from '@reelsmith/db';

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
      return (await findStripeId(trx, account, kind, localKey)) ?? null;
    },
    async remember(account, kind, localKey, stripeId, trx = db) {
      await insertStripeIdIfAbsent(trx, { account, kind, local_key: localKey, stripe_id: stripeId });
    },
  };
}

/** The user a Stripe customer id belongs to, in any account or mode we have used. */
export async function userIdForStripeCustomer(db: Executor, customerId: string): Promise<string | undefined> {
  return (await findUserIdByStripeCustomerId(db, customerId)) ?? findStripeIdLocalKey(db, 'customer', customerId);
}
