import { sql, type RawBuilder } from 'kysely';
import type { AdminProjectStatus } from '@reelsmith/shared';

/**
 * The back-office status of a project (docs/decisions.md): completed when merged; failed when its
 * last step failed; processing while a generation job is queued or running; else draft.
 * Written for a query where the project is aliased `p`.
 */
export function adminProjectStatusSql(): RawBuilder<AdminProjectStatus> {
  return sql<AdminProjectStatus>`case
    when p.status = 'Merged' then 'completed'
    when p.last_error is not null then 'failed'
    when exists (select 1 from generation_jobs j where j.project_id = p.id and j.status in ('queued', 'running')) then 'processing'
    else 'draft' end`;
}
