import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Executor } from './users.ts';

/** Inserts a project's share with this short id, or nothing when one exists (or the id is taken). */
export async function insertShareIfAbsent(db: Executor, projectId: string, shortId: string): Promise<{ short_id: string; views: number } | undefined> {
  return db.insertInto('shares').values({ project_id: projectId, short_id: shortId }).onConflict((oc) => oc.doNothing()).returning(['short_id', 'views']).executeTakeFirst();
}

export function findShareOfProject(db: Executor, projectId: string): Promise<{ short_id: string; views: number } | undefined> {
  return db.selectFrom('shares').select(['short_id', 'views']).where('project_id', '=', projectId).executeTakeFirst();
}

/** A share by its short id, with what the public page shows of its project. */
export function findShareWithProject(db: Executor, shortId: string) {
  return db
    .selectFrom('shares as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id as shareId', 's.short_id', 's.views', 's.created_at as shared_at', 's.is_public', 'p.title', 'p.aspect', 'p.reel_time', 'p.scenes', 'p.assets', 'p.created_at', 'p.user_id'])
    .where('s.short_id', '=', shortId)
    .executeTakeFirst();
}

/** Locks a share's row until the transaction ends (views are counted one at a time). */
export async function lockShare(trx: Transaction<Database>, shareId: string): Promise<void> {
  await trx.selectFrom('shares').select('id').where('id', '=', shareId).forUpdate().execute();
}

/** Whether this viewer was counted for this share since `since`. */
export async function hasRecentShareView(db: Executor, shareId: string, viewerKey: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('share_view_log').select('window_start').where('share_id', '=', shareId).where('viewer_key', '=', viewerKey).where('window_start', '>', since).executeTakeFirst();
  return Boolean(row);
}

/** Logs a counted view; false when the same viewer and moment were already logged. */
export async function insertShareView(db: Executor, shareId: string, viewerKey: string, at: Date): Promise<boolean> {
  const row = await db.insertInto('share_view_log').values({ share_id: shareId, viewer_key: viewerKey, window_start: at }).onConflict((oc) => oc.doNothing()).returning('share_id').executeTakeFirst();
  return Boolean(row);
}

export async function shareViews(db: Executor, shareId: string): Promise<number> {
  return (await db.selectFrom('shares').select('views').where('id', '=', shareId).executeTakeFirstOrThrow()).views;
}

/** Adds one view and answers the new count. */
export async function incrementShareViews(db: Executor, shareId: string): Promise<number> {
  return (await db.updateTable('shares').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', shareId).returning('views').executeTakeFirstOrThrow()).views;
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
