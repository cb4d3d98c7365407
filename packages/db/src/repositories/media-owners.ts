import type { Executor } from './users.ts';

// The queries behind media access decisions (packages/core/src/storage/media-access.ts decides).

/** Whether the project exists and belongs to the user. */
export async function isProjectOwnedBy(db: Executor, projectId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

/** The owner of a project, or undefined when there is no such project. */
export async function findProjectOwnerId(db: Executor, projectId: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
  return row?.user_id;
}

/** A publicly shared project's assets (to find its final video and poster), or undefined when it is not shared. */
export async function findPublicShareAssets(db: Executor, projectId: string): Promise<unknown> {
  const row = await db
    .selectFrom('shares as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['p.assets'])
    .where('s.project_id', '=', projectId)
    .where('s.is_public', '=', true)
    .executeTakeFirst();
  return row?.assets;
}
