// Data for the wizard's component tests: scenes with readable text, and jobs in a given state.
import type { Scene } from '@reelsmith/shared';
import type { GenerationJob } from './use-project-jobs.ts';

export function scene(number: number, overrides: Partial<Scene> = {}): Scene {
  return {
    sceneId: `s${number}`,
    title: `Title ${number}`,
    text: `Scene ${number} says something worth hearing.`,
    durationSeconds: 5,
    wordCount: 6,
    ...overrides,
  };
}

export function job(overrides: Partial<GenerationJob> = {}): GenerationJob {
  // Cast: fields these tests never read (a failure's reason code, say) may be added to the job.
  return {
    id: 'job-1',
    projectId: 'p1',
    kind: 'videos',
    status: 'running',
    stage: 'Rendering scene 1 of 2',
    percent: 40,
    error: null,
    attempts: 1,
    createdAt: new Date(),
    startedAt: new Date(),
    finishedAt: null,
    ...overrides,
  } as GenerationJob;
}
