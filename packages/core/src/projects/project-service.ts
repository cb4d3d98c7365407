import {
  AppError,
  DEFAULT_ASPECT,
  DEFAULT_PROJECT_TITLE,
  DEFAULT_REEL_TIME_FREE,
  DEFAULT_REEL_TIME_PAID,
  projectMessages,
  type Project,
  type ProjectAssets,
  type ProjectParams,
  type OptionalPageQuery,
  type Paged,
  type Scene,
} from '@reelsmith/shared';
import type { z } from 'zod';
import type { createProjectInputSchema, patchProjectInputSchema, updateProjectInputSchema } from '@reelsmith/shared';
import { deleteOwnedProjectRow, insertProject, updateProjectRow } from '@reelsmith/db';
import type { CoreDeps } from '../deps.ts';
import { consumeVideoCredit } from '../billing/usage.ts';
import { assertReelTimeAllowed, loadEntitlements, qualityRefusal } from '../billing/entitlements.ts';
import { findCurrentSubscription } from '../billing/subscriptions.ts';
import { assertProjectMedia, avatarPool, resolveSelection } from './project-media.ts';
import { deriveStatus } from '../generation/project-status.ts';
import { countOwnedProjects, findOwnedProject, listOwnedProjects } from './project-rows.ts';
import { listOrPage } from '../list-or-page.ts';

export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;
export type PatchProjectInput = z.infer<typeof patchProjectInputSchema>;

export function listProjects(deps: CoreDeps, userId: string): Promise<Project[]> {
  return listOwnedProjects(deps.db, userId);
}

/** GET /api/projects: the plain list, or one page of it in the same order when the query asks for paging. */
export function listProjectsOrPage(deps: CoreDeps, userId: string, query: OptionalPageQuery): Promise<Project[] | Paged<Project>> {
  return listOrPage(query, {
    all: () => listProjects(deps, userId),
    window: (window) => listOwnedProjects(deps.db, userId, window),
    count: () => countOwnedProjects(deps.db, userId),
  });
}

export function getProject(deps: CoreDeps, userId: string, id: string): Promise<Project> {
  return findOwnedProject(deps.db, userId, id);
}

/**
 * Starts a project: needs a subscription in force, counts against the plan's quota and the daily
 * cap, and keeps the reel time within the plan (Free: 20 s).
 */
export async function createProject(deps: CoreDeps, userId: string, input: CreateProjectInput): Promise<Project> {
  return deps.db.transaction().execute(async (trx) => {
    await consumeVideoCredit(deps, trx, userId);
    const sub = await findCurrentSubscription(trx, userId);
    const isFree = sub?.plan.billingInterval === 'free';
    const reelTime = input.reelTime ?? (isFree ? DEFAULT_REEL_TIME_FREE : DEFAULT_REEL_TIME_PAID);
    await assertReelTimeAllowed(deps, userId, reelTime, trx);
    const aspect = input.aspect ?? DEFAULT_ASPECT;
    const projectId = await insertProject(trx, {
      user_id: userId,
      title: input.title ?? DEFAULT_PROJECT_TITLE,
      aspect,
      reel_time: reelTime,
      params: JSON.stringify({ aspect }),
      industry: null,
      last_error: null,
    });
    deps.logger.info({ userId, projectId }, 'project created');
    return findOwnedProject(trx, userId, projectId);
  });
}

/**
 * A conditional save (If-Match): checked on the locked row, inside the write's transaction, so of two
 * writers holding the same version exactly one wins; the other is refused with the current version.
 */
function assertExpectedVersion(project: Project, expected: number | number[] | undefined): void {
  if (expected === undefined) return;
  const versions = Array.isArray(expected) ? expected : [expected];
  if (project.version !== undefined && versions.includes(project.version)) return;
  throw new AppError('PRECONDITION_FAILED', projectMessages.changedSince, { reason: 'precondition_failed', currentVersion: project.version });
}

/** PUT: scenes, reel time and step, wizard params; or the avatar-product choice. */
export async function updateProject(deps: CoreDeps, userId: string, input: UpdateProjectInput): Promise<Project> {
  return deps.db.transaction().execute(async (trx) => {
    const project = await findOwnedProject(trx, userId, input.id, { lock: true });
    assertExpectedVersion(project, input.expectedVersion);
    if (input.reelTime !== undefined && input.reelTime !== project.reelTime) await assertReelTimeAllowed(deps, userId, input.reelTime, trx);
    // The wizard's stored quality choice is plan-governed too: a plan without HD cannot save it.
    const quality = input.params?.video?.quality;
    if (quality && quality !== project.params.video?.quality) {
      const refusal = qualityRefusal(await loadEntitlements(deps, userId, trx), quality);
      if (refusal) throw refusal;
    }
    const assets: ProjectAssets = { ...project.assets };
    if (input.assets?.avatar_product) {
      const choice = input.assets.avatar_product;
      const current = { ...(assets.avatar_product ?? {}) };
      if (choice.skipped) {
        // Skipping the product step keeps the plain avatar as the chosen picture.
        current.skipped = true;
        current.selected = resolveSelection(assets.avatar?.selected, avatarPool(assets));
      } else if (choice.selected !== undefined) {
        const pool = current.variations ?? [];
        const url = resolveSelection(choice.selected, pool);
        if (choice.selected !== null && (!url || !pool.includes(url))) throw new AppError('BAD_REQUEST', 'Choose one of the generated product variations.');
        current.selected = choice.selected;
        current.skipped = false;
      }
      assets.avatar_product = current;
    }
    const scenes: Scene[] | undefined = input.scenes;
    let step = input.currentStep ?? project.currentStep;
    // Saved scenes move a new project on to the voiceover step.
    if (scenes && scenes.length > 0 && input.currentStep === undefined && step < 2) step = 2;
    const params: ProjectParams = input.params ? { ...project.params, ...input.params } : project.params;
    await updateProjectRow(trx, project.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(scenes ? { scenes: JSON.stringify(scenes) } : {}),
      ...(input.reelTime !== undefined ? { reel_time: input.reelTime } : {}),
      current_step: step,
      // Only what the request changes is written back, so a field dropped on reading is not lost for good.
      ...(input.params ? { params: JSON.stringify(params) } : {}),
      ...(input.assets ? { assets: JSON.stringify(assets) } : {}),
      status: deriveStatus(scenes ?? project.scenes, assets),
    });
    return findOwnedProject(trx, userId, project.id);
  });
}

/** PATCH: the selected avatar, the aspect ratio, or the list of uploaded avatars. */
export async function patchProject(deps: CoreDeps, userId: string, input: PatchProjectInput): Promise<Project> {
  return deps.db.transaction().execute(async (trx) => {
    const project = await findOwnedProject(trx, userId, input.id, { lock: true });
    assertExpectedVersion(project, input.expectedVersion);
    const assets: ProjectAssets = { ...project.assets, avatar: { ...(project.assets.avatar ?? {}) } };
    const avatar = assets.avatar!;
    if (input.assets?.avatar?.uploaded) {
      const uploaded = input.assets.avatar.uploaded;
      assertProjectMedia(project.id, uploaded);
      const selectedUrl = resolveSelection(avatar.selected, avatarPool(project.assets));
      avatar.uploaded = uploaded;
      // Removing the selected upload clears the choice.
      if (selectedUrl && (project.assets.avatar?.uploaded ?? []).includes(selectedUrl) && !uploaded.includes(selectedUrl)) avatar.selected = null;
    }
    if (input.selectedAvatar !== undefined) {
      const pool = avatarPool(assets);
      const url = resolveSelection(input.selectedAvatar, pool);
      if (input.selectedAvatar !== null && (!url || !pool.includes(url))) throw new AppError('BAD_REQUEST', 'Choose one of this project’s avatars.');
      avatar.selected = input.selectedAvatar;
    }
    const params: ProjectParams = input.aspect ? { ...project.params, aspect: input.aspect } : project.params;
    await updateProjectRow(trx, project.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.aspect ? { aspect: input.aspect } : {}),
      ...(input.aspect ? { params: JSON.stringify(params) } : {}),
      ...(input.assets?.avatar?.uploaded || input.selectedAvatar !== undefined ? { assets: JSON.stringify(assets) } : {}),
      status: deriveStatus(project.scenes, assets),
    });
    return findOwnedProject(trx, userId, project.id);
  });
}

/** Hooks that clean up what lives outside the projects table (stored media, queued jobs). */
export interface ProjectCleanup {
  (projectId: string): Promise<void>;
}

/** Deletes a project with its share (by cascade) and, through the cleanup hook, its media and jobs. */
export async function deleteProject(deps: CoreDeps, userId: string, id: string, cleanup?: ProjectCleanup): Promise<{ id: string; deleted: true }> {
  const project = await findOwnedProject(deps.db, userId, id);
  // A parallel delete got there first: this one deleted nothing, so it reads as missing.
  if ((await deleteOwnedProjectRow(deps.db, userId, project.id)) === 0) throw new AppError('NOT_FOUND', projectMessages.notFound, { reason: 'project_not_found' });
  await cleanup?.(project.id);
  deps.logger.info({ userId, projectId: project.id }, 'project deleted');
  return { id: project.id, deleted: true };
}
