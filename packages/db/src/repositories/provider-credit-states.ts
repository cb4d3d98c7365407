import type { Selectable } from 'kysely';
import type { ProviderCreditStatesTable } from '../schema.ts';
import type { Executor } from './users.ts';

export type ProviderCreditStateRow = Selectable<ProviderCreditStatesTable>;

/**
 * The provider answered "out of credit" at `at`: it stays flagged since the first such answer until a
 * paid call succeeds again (clearProviderOutOfCredit); later answers only move last_out_of_credit_at.
 */
export async function markProviderOutOfCredit(db: Executor, provider: string, at: Date): Promise<void> {
  await db
    .insertInto('provider_credit_states')
    .values({ provider, out_of_credit_since: at, last_out_of_credit_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('provider').doUpdateSet((eb) => ({
        out_of_credit_since: eb.fn.coalesce('provider_credit_states.out_of_credit_since', eb.ref('excluded.out_of_credit_since')),
        last_out_of_credit_at: eb.ref('excluded.last_out_of_credit_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** A paid call to the provider succeeded: its out-of-credit flag (if any) ends. Answers whether one did. */
export async function clearProviderOutOfCredit(db: Executor, provider: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('provider_credit_states')
    .set({ out_of_credit_since: null, restored_at: at, updated_at: at })
    .where('provider', '=', provider)
    .where('out_of_credit_since', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The providers flagged out of credit now, longest first. */
export function listProvidersOutOfCredit(db: Executor): Promise<{ provider: string; out_of_credit_since: Date; last_out_of_credit_at: Date | null }[]> {
  return db
    .selectFrom('provider_credit_states')
    .select(['provider', 'last_out_of_credit_at'])
    .select((eb) => eb.ref('out_of_credit_since').$notNull().as('out_of_credit_since'))
    .where('out_of_credit_since', 'is not', null)
    .orderBy('out_of_credit_since')
    .orderBy('provider')
    .execute();
}
