import type { GenerationKind } from '@reelsmith/db';
import type { CostSink } from '@reelsmith/media';
import type { AppDeps } from './generation-deps.ts';

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
}

/** The key of the open-mouth frame stored beside an avatar picture. */
export function openFrameKey(key: string): string {
  return key.replace(/\.png$/, '-open.png');
}
