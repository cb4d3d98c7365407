import { updateProjectRow, type Executor } from '@reelsmith/db';
import type { Project, ProjectAssets, ProjectParams, Scene } from '@reelsmith/shared';
import { findOwnedProject } from '../projects/project-rows.ts';
import { deriveStatus } from './project-status.ts';

export interface ProjectChange {
  assets?: ProjectAssets;
  params?: ProjectParams;
  scenes?: Scene[];
  currentStep?: number;
  lastError?: string | null;
  aspect?: string;
}

/**
 * Applies a change to the latest saved project under a row lock, and keeps its status in step with
 * its media. The change function sees the current project, so concurrent saves are not lost; it
 * runs while the row is locked, so a limit it checks (and throws on) holds against parallel writes.
 */
export async function changeProject(
  db: Executor,
  userId: string,
  projectId: string,
  change: (project: Project) => ProjectChange | Promise<ProjectChange>,
): Promise<Project> {
  const project = await findOwnedProject(db, userId, projectId, { lock: true });
  const next = await change(project);
  const scenes = next.scenes ?? project.scenes;
  const assets = next.assets ?? project.assets;
  await updateProjectRow(db, projectId, {
    ...(next.assets ? { assets: JSON.stringify(next.assets) } : {}),
    ...(next.scenes ? { scenes: JSON.stringify(next.scenes) } : {}),
    ...(next.params ? { params: JSON.stringify(next.params) } : {}),
    ...(next.currentStep !== undefined ? { current_step: next.currentStep } : {}),
    ...(next.lastError !== undefined ? { last_error: next.lastError } : {}),
    ...(next.aspect ? { aspect: next.aspect } : {}),
    status: deriveStatus(scenes, assets),
  });
  return findOwnedProject(db, userId, projectId);
}
