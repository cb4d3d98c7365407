import type { Insertable, Updateable } from 'kysely';
import type { ProjectsTable } from '../schema.ts';
import type { Executor } from './users.ts';

const projectColumns = [
  'p.id', 'p.user_id', 'p.title', 'p.status', 'p.aspect', 'p.reel_time', 'p.current_step', 'p.scenes', 'p.params', 'p.assets',
  'p.last_error', 'p.created_at', 'p.updated_at', 's.short_id', 's.views',
] as const;

function projectQuery(db: Executor) {
  return db.selectFrom('projects as p').leftJoin('shares as s', 's.project_id', 'p.id').select(projectColumns);
}

/** A project row with its share's short id and views (null when not shared). */
export type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectQuery>['executeTakeFirstOrThrow']>>;

/** One of the user's projects, optionally locked until the transaction ends. */
export function findProjectRow(db: Executor, userId: string, id: string, options: { lock?: boolean } = {}): Promise<ProjectRow | undefined> {
  let q = projectQuery(db).where('p.id', '=', id).where('p.user_id', '=', userId);
  if (options.lock) q = q.forUpdate('p');
  return q.executeTakeFirst();
}

/** The user's projects, most recently changed first (at most `limit`). */
export function listProjectRows(db: Executor, userId: string, limit: number): Promise<ProjectRow[]> {
  return projectQuery(db).where('p.user_id', '=', userId).orderBy('p.updated_at', 'desc').limit(limit).execute();
}

export async function insertProject(db: Executor, values: Insertable<ProjectsTable>): Promise<string> {
  return (await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateProjectRow(db: Executor, id: string, changes: Updateable<ProjectsTable>): Promise<void> {
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}

/** Deletes the user's project; answers how many rows went (0 when a parallel delete got there first). */
export async function deleteOwnedProjectRow(db: Executor, userId: string, id: string): Promise<number> {
  const deleted = await db.deleteFrom('projects').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** A project's title, whoever owns it (for a notification about it). */
export function findProjectTitle(db: Executor, id: string): Promise<{ title: string } | undefined> {
  return db.selectFrom('projects').select(['title']).where('id', '=', id).executeTakeFirst();
}
