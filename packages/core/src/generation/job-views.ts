import { listLatestJobRows, type Executor, type GenerationJobRow, type GenerationKind, type GenerationStatus } from '@reelsmith/db';
import { asReason, type Reason } from '@reelsmith/shared';

export interface GenerationJobView {
  id: string;
  projectId: string;
  kind: GenerationKind;
  status: GenerationStatus;
  stage: string;
  percent: number;
  error: string | null;
  /** The stable reason code of `error`, for the browser's titled error. */
  reason: Reason | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export function toJobView(row: GenerationJobRow): GenerationJobView {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    reason: asReason(row.error_reason) ?? null,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export async function latestJobs(db: Executor, projectId: string): Promise<GenerationJobView[]> {
  return (await listLatestJobRows(db, projectId, 20)).map(toJobView);
}
