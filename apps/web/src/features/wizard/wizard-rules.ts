import { DEFAULT_PROJECT_TITLE, WIZARD_STEPS, normaliseStatus, type Project } from '@reelsmith/shared';
import { fileStem } from '../../lib/file-name.ts';

/** Spec §9: the wizard and its indicator have six steps. */
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** A step number kept within 1…6. */
export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(Math.max(Math.trunc(step), 1), WIZARD_STEP_COUNT);
}

/** The `?step=N` value, or null when missing or not a step. */
export function parseStepParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const step = Number(value);
  return step >= 1 && step <= WIZARD_STEP_COUNT ? step : null;
}

/** Spec §2: the progress bar reads floor((step - 1) / 6 * 100). */
export function progressPercent(step: number): number {
  return Math.floor(((clampStep(step) - 1) / WIZARD_STEP_COUNT) * 100);
}

/** The step's name, e.g. 'Voiceover'. */
export function stepName(step: number): string {
  return WIZARD_STEPS[clampStep(step) - 1] ?? WIZARD_STEPS[0];
}

type StepSource = Pick<Project, 'currentStep' | 'scenes' | 'assets'>;

/** Every scene has a generated video (and there is at least one scene). */
export function allScenesHaveVideos(project: Pick<Project, 'scenes' | 'assets'>): boolean {
  const videos = project.assets.video_generated ?? {};
  return project.scenes.length > 0 && project.scenes.every((scene) => Boolean(videos[scene.sceneId]));
}

/**
 * Spec §4: on load the wizard opens at the saved step, or at step 6 when every scene already has
 * its video and the saved step is earlier. A new project starts at step 1.
 */
export function initialStep(project: StepSource | null): number {
  if (!project) return 1;
  const saved = clampStep(project.currentStep || 1);
  return saved < WIZARD_STEP_COUNT && allScenesHaveVideos(project) ? WIZARD_STEP_COUNT : saved;
}

/** '<title>-progress.json', with characters file systems refuse replaced. */
export function exportFileName(title: string): string {
  return `${fileStem(title, DEFAULT_PROJECT_TITLE)}-progress.json`;
}

/** What Export Progress saves: the project's title, status, step, scenes, choices and media addresses. */
export function progressExport(project: Project, step: number, exportedAt: Date) {
  return {
    title: project.title,
    status: normaliseStatus(project.status),
    step: clampStep(step),
    stepName: stepName(step),
    savedStep: project.currentStep,
    aspect: project.aspect,
    reelTime: project.reelTime,
    scenes: project.scenes,
    params: project.params,
    assets: project.assets,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    exportedAt: exportedAt.toISOString(),
  };
}
