// Data fixtures for benchmarks and tests: bulk shapes no product path writes, kept with the other SQL.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface FinishedWizardFixture {
  /** What a wizard that reached step 4 leaves in `assets` (JSON). */
  wizardAssets: unknown;
  /** What a finished, merged project holds. */
  finishedAssets: unknown;
  /** The one project made finished (status Merged, step 5). */
  finishedProjectId: string;
  /** How many projects each customer ends with (the others are copies of their first). */
  projectsPerCustomer: number;
}

/**
 * Gives every project the media of a wizard at step 4, copies each customer's project (but the finished
 * one) until each has `projectsPerCustomer`, then finishes one: as if made over time, although the Free
 * plan allows one project. Answers how many projects there are.
 */
export async function fillFinishedWizards(db: Kysely<Database>, fixture: FinishedWizardFixture): Promise<number> {
  await db.updateTable('projects').set({ assets: JSON.stringify(fixture.wizardAssets), current_step: 4, status: 'LipSynced' }).execute();
  const columns = ['user_id', 'title', 'status', 'aspect', 'reel_time', 'current_step', 'scenes', 'params', 'assets'] as const;
  for (let i = 1; i < fixture.projectsPerCustomer; i += 1) {
    await db
      .insertInto('projects')
      .columns([...columns])
      .expression(db.selectFrom('projects').select([...columns]).where('id', '!=', fixture.finishedProjectId).distinctOn('user_id'))
      .execute();
  }
  await db
    .updateTable('projects')
    .set({ assets: JSON.stringify(fixture.finishedAssets), status: 'Merged', current_step: 5 })
    .where('id', '=', fixture.finishedProjectId)
    .execute();
  const counted = await db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(counted.n);
}
