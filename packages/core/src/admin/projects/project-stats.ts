import type { AdminProjectStats } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { startOfUtcDay } from '../analytics/time-ranges.ts';

/** The Projects screen's cards: all projects, those created today (UTC), and finished (Merged) ones. */
export async function getAdminProjectStats(deps: CoreDeps): Promise<AdminProjectStats> {
  const today = startOfUtcDay(deps.clock.now());
  const row = await deps.db
    .selectFrom('projects')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', today).as('today'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'Merged').as('completed'),
    ])
    .executeTakeFirstOrThrow();
  return { totalProjects: Number(row.total), todayProjects: Number(row.today), completedProjects: Number(row.completed) };
}
