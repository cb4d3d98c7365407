import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Serialises the work on one provider subscription until the transaction ends: two webhooks about the
 * same subscription read its current state from the provider and write it one after the other, so the
 * later read is always the one that lands.
 */
export async function lockProviderSubscription(trx: Transaction<Database>, externalSubscriptionId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`provider-subscription:${externalSubscriptionId}`}, 0))`.execute(trx);
}
