import type { GenerationKind } from '@reelsmith/db';
import type { CostSink } from '@reelsmith/media';
import type { Project } from '@reelsmith/shared';
import type { AppDeps } from '../app-deps.ts';
import type { ProjectChange } from './project-update.ts';

export interface JobContext {
  deps: AppDeps;
  jobId: string;
  projectId: string;
  userId: string;
  kind: GenerationKind;
  input: Record<string, unknown>;
  /** Reports the real stage and percent of the work (shown live in the wizard). */
  progress(stage: string, percent: number): Promise<void>;
  /** Stores a paid provider call's cost on this job (pass as the engine requests' onCost). */
  recordCost: CostSink;
  /**
   * Saves the step's outputs on the project: one transaction that locks the project and this job's
   * row, and refuses (StaleAttemptError) when the attempt is no longer the running one, so a worker
   * thought dead never writes over its successor's or a finalised job's project.
   */
  saveProject(change: (project: Project) => ProjectChange): Promise<Project>;
}

/** A runner whose attempt was taken over or finalised elsewhere: it stops and records nothing. */
export class StaleAttemptError extends Error {
  override readonly name = 'StaleAttemptError';
  constructor(jobId: string) {
    super(`generation job ${jobId}: the attempt is no longer the running one`);
  }
}
