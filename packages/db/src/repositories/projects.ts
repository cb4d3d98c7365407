import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { ProjectsTable } from '../schema.ts';
import type { Executor } from './users.ts';

const projectColumns = [
  'p.id', 'p.user_id', 'p.title', 'p.status', 'p.aspect', 'p.reel_time', 'p.current_step', 'p.scenes', 'p.params', 'p.assets',
  'p.last_error', 'p.created_at', 'p.updated_at', 'p.version', 's.short_id', 's.views',
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

/** The statement of listProjectRows, compiled once: the dashboard and the REST list send it. */
const projectsWindow = preparedQuery((db, userId: string, limit: number, offset: number) =>
  projectQuery(db).where('p.user_id', '=', userId).orderBy('p.updated_at', 'desc').orderBy('p.id').limit(limit).offset(offset),
  { cachedReadOf: ['projects', 'shares'] },
);

/** One window of the user's projects, most recently changed first. */
export async function listProjectRows(db: Executor, userId: string, page: { limit: number; offset: number }): Promise<ProjectRow[]> {
  return (await db.executeQuery(projectsWindow(db, userId, page.limit, page.offset))).rows;
}

/** How many projects the user has. */
export async function countUserProjects(db: Executor, userId: string): Promise<number> {
  const { total } = await db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('total')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(total);
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

/** All projects, those created since `createdSince`, and the finished (Merged) ones. */
export async function countProjects(db: Executor, createdSince: Date): Promise<{ total: number; createdSince: number; merged: number }> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', createdSince).as('since'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'Merged').as('merged'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), createdSince: Number(row.since), merged: Number(row.merged) };
}

/**
 * For each wizard step 1..6, the projects created since `since` that reached it and their distinct
 * owners. A project reached step k when its wizard step is at least k, or its status proves it got
 * that far (media made → step 3, scene videos made → step 5, final video merged → step 6).
 */
export async function countProjectFunnelSteps(db: Executor, since: Date): Promise<{ step: number; count: number; uniqueUsers: number }[]> {
  const result = await sql<{ step: number; count: string; unique_users: string }>`
    with reached as (
      select p.user_id,
             greatest(p.current_step, case p.status when 'Merged' then 6 when 'LipSynced' then 5 when 'MediaGenerated' then 3 else 1 end) as step
        from projects p
       where p.created_at >= ${since}
    )
    select s.k as step, count(r.user_id) as count, count(distinct r.user_id) as unique_users
      from generate_series(1, 6) as s(k)
      left join reached r on r.step >= s.k
     group by s.k
     order by s.k`.execute(db);
  return result.rows.map((r) => ({ step: Number(r.step), count: Number(r.count), uniqueUsers: Number(r.unique_users) }));
}

export type AdminProjectStatusValue = 'draft' | 'processing' | 'completed' | 'failed';

/**
 * The back-office status of a project (docs/decisions.md): completed when merged; failed when its
 * last step failed; processing while a generation job is queued or running; else draft.
 * Written for a query where the project is aliased `p`.
 */
function adminProjectStatus(): RawBuilder<AdminProjectStatusValue> {
  return sql<AdminProjectStatusValue>`case
    when p.status = 'Merged' then 'completed'
    when p.last_error is not null then 'failed'
    when exists (select 1 from generation_jobs j where j.project_id = p.id and j.status in ('queued', 'running')) then 'processing'
    else 'draft' end`;
}

export interface AdminProjectFilter {
  /** ILIKE pattern on the title or the owner's e-mail. */
  pattern?: string | undefined;
  status?: AdminProjectStatusValue | undefined;
  createdSince?: Date | undefined;
}

/** The columns the project list sorts by; each maps to a fixed expression, never to text from the caller. */
export type AdminProjectSortColumn = 'title' | 'user' | 'status' | 'created' | 'visibility';

/** Every customer's projects, newest first unless sorted otherwise, with owner, share, back-office status and AI cost; and the total. */
export async function listAdminProjectRows(
  db: Executor,
  filter: AdminProjectFilter,
  page: { limit: number; offset: number },
  sort?: { column: AdminProjectSortColumn; direction: 'asc' | 'desc' },
) {
  const status = adminProjectStatus();
  let base = db.selectFrom('projects as p').innerJoin('users as u', 'u.id', 'p.user_id').leftJoin('shares as sh', 'sh.project_id', 'p.id');
  if (filter.pattern) {
    const pattern = filter.pattern;
    base = base.where((eb) => eb.or([eb('p.title', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  if (filter.status) base = base.where(status, '=', filter.status);
  if (filter.createdSince) base = base.where('p.created_at', '>=', filter.createdSince);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'p.id', 'p.title', 'p.created_at', 'p.industry', 'sh.is_public',
        'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email',
        status.as('admin_status'),
        (eb) =>
          eb
            .selectFrom('generation_costs as c')
            .select((c) => c.fn.coalesce(c.fn.sum<string>('c.amount_usd'), c.val('0')).as('cost'))
            .whereRef('c.project_id', '=', 'p.id')
            .as('ai_cost_usd'),
      ])
      .$call((q) => {
        const direction = sort?.direction ?? 'desc';
        switch (sort?.column) {
          case 'title':
            return q.orderBy(sql`lower(p.title)`, direction);
          case 'user':
            return q.orderBy(sql`lower(u.email)`, direction);
          case 'status':
            return q.orderBy(status, direction);
          case 'visibility':
            return q.orderBy(sql`coalesce(sh.is_public, false)`, direction);
          default:
            return q.orderBy('p.created_at', direction);
        }
      })
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

/** A customer's projects, newest first, with their assets (for the back-office user screen). */
export function listUserProjectSummaries(db: Executor, userId: string) {
  return db.selectFrom('projects').select(['id', 'title', 'created_at', 'status', 'assets']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

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
