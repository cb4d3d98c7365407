import { sql } from 'kysely';
import type { Executor } from './users.ts';

// What each customer started per day (the daily cap is checked against it).

export async function dailyVideoCount(db: Executor, userId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('user_daily_usage')
    .select('videos')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.videos ?? 0;
}

/** The videos the user started on `day` and the projects they hold now, in one statement (a hot call). */
export async function countDayVideosAndProjects(db: Executor, userId: string, day: string): Promise<{ videos: number; projects: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('user_daily_usage').select('videos').where('user_id', '=', userId).where('day', '=', day).as('videos_today'),
      eb.selectFrom('projects').select((p) => p.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('projects'),
    ])
    .executeTakeFirstOrThrow();
  return { videos: row.videos_today ?? 0, projects: Number(row.projects ?? 0) };
}

/** Counts one video (and `projects` new projects) on the user's `day`. */
export async function addDailyUsage(db: Executor, userId: string, day: string, projects: number): Promise<void> {
  await db
    .insertInto('user_daily_usage')
    .values({ user_id: userId, day, videos: 1, projects })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ videos: sql`user_daily_usage.videos + 1`, projects: sql`user_daily_usage.projects + ${projects}` }))
    .execute();
}
