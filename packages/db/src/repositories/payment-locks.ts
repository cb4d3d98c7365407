import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Serialises the work on one payment provider object (a subscription, a charge) until the transaction
 * ends: two webhooks about the same object read its current state from the provider and write it one
 * after the other, so the later read is always the one that lands.
 */
export async function lockProviderObject(trx: Transaction<Database>, providerObjectId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`provider-object:${providerObjectId}`}, 0))`.execute(trx);
}
