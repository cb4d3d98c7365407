import type { Insertable } from 'kysely';
import type { GenerationCostsTable } from '../schema.ts';
import type { Executor } from './users.ts';

export async function insertGenerationCost(db: Executor, row: Insertable<GenerationCostsTable>): Promise<void> {
  await db.insertInto('generation_costs').values(row).execute();
}

/** A job's recorded costs, oldest first. */
export function listJobCostRows(db: Executor, jobId: string) {
  return db
    .selectFrom('generation_costs')
    .select(['capability', 'provider', 'model', 'unit', 'quantity', 'amount_usd', 'price_source', 'created_at'])
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .execute();
}

/** Calls, units and dollars per provider, model, unit and price source since `since`. */
export function summariseCostsSince(db: Executor, since: Date) {
  return db
    .selectFrom('generation_costs')
    .select((eb) => [
      'provider',
      'model',
      'unit',
      'price_source',
      eb.fn.countAll<string>().as('calls'),
      eb.fn.sum<string>('quantity').as('quantity'),
      eb.fn.sum<string>('amount_usd').as('amount_usd'),
    ])
    .where('created_at', '>=', since)
    .groupBy(['provider', 'model', 'unit', 'price_source'])
    .orderBy('provider')
    .orderBy('model')
    .orderBy('price_source')
    .execute();
}
