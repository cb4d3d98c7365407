import type { AspectRatio, ProjectStatus } from '@reelsmith/shared';

/** What a project card shows (spec §2 'Project card'). */
export interface ProjectSummary {
  id: string;
  title: string;
  status: ProjectStatus;
  aspect: AspectRatio;
  sceneCount: number;
  currentStep: number;
  createdAt: string;
}
