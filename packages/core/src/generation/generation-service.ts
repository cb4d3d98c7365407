import { findOpenJobId, setJobQueueId, updateProjectRow, type GenerationKind } from '@reelsmith/db';
import {
  AppError,
  generationMessages,
  type Project,
  type Quality,
  type Scene,
  type VoiceInfo,
} from '@reelsmith/shared';
import { isProviderError, providerErrorMessage, type CostSink, type SceneValidationError } from '@reelsmith/media';
import { findOwnedProject } from '../projects/project-rows.ts';
import { assertReelTime, loadEntitlements, renderSettings } from '../billing/entitlements.ts';
import { assertFinalWithinPlan } from './plan-check.ts';
import { retakeReturnedCredit } from './credit-return.ts';
import { recordGenerationCost } from './generation-costs.ts';
import type { AppDeps } from '../app-deps.ts';
import { parseJobInput, type JobInputs } from './job-inputs.ts';
import { noteProviderFailure } from './provider-credit.ts';
import { findGenerationJob, insertGenerationJob, toJobView, waitForGenerationJob, type GenerationJobView } from './generation-jobs.ts';
import { changeProject, type ProjectChange } from './project-update.ts';
import { selectedPicture } from './project-status.ts';
import { providerFailureReason } from './failure-reason.ts';
import { measuredVoiceRate } from './voice-rate.ts';

/** How long the REST calls wait for a job before answering that it is still running. */
export const GENERATION_WAIT_MS = 15 * 60_000;

function sceneError(err: unknown): never {
  if (err instanceof Error && err.name === 'SceneValidationError') {
    // The facts (seconds needed, the reel's length, the scenes asked for) let a client say what to fix in its own words.
    const { code, facts } = err as Partial<SceneValidationError>;
    throw new AppError('UNPROCESSABLE_CONTENT', err.message, { reason: 'scenes_invalid', validation: code, ...facts });
  }
  // 4xx so the customer reads the spec's words (5xx messages are hidden); the provider's answer stays in the log.
  if (isProviderError(err)) throw new AppError(err.kind === 'rate_limited' ? 'TOO_MANY_REQUESTS' : 'UNPROCESSABLE_CONTENT', providerErrorMessage('llm', err.kind), { provider: err.provider, reason: providerFailureReason('llm', err.kind) });
  throw err;
}

/** Flags an out-of-credit provider for the operators, then answers the customer's error. */
async function scenesFailed(deps: AppDeps, err: unknown): Promise<never> {
  await noteProviderFailure(deps, err);
  return sceneError(err);
}

/** Costs of calls made in the request (scene writing, avatar prompts): on the project, no job. */
function requestCosts(deps: AppDeps, userId: string | null, projectId: string | null): CostSink {
  return (cost) => recordGenerationCost(deps, { jobId: null, projectId, userId }, 'llm', cost);
}

/**
 * Saves written scenes and the reel time they were written for, in one locked transaction that
 * checks the plan's reel time inside it (a plan changed meanwhile, or a parallel save, cannot slip by).
 */
async function saveScenes(
  deps: AppDeps,
  userId: string,
  projectId: string,
  reelTime: number,
  change: (project: Project) => ProjectChange,
): Promise<Project> {
  return deps.db.transaction().execute(async (trx) => {
    await changeProject(trx, userId, projectId, async (p) => {
      assertReelTime(await loadEntitlements(deps, userId, trx), reelTime);
      return change(p);
    });
    await updateProjectRow(trx, projectId, { reel_time: reelTime });
    return findOwnedProject(trx, userId, projectId);
  });
}

/**
 * A failed scene generation keeps the customer's script (and nothing else: scenes, step and reel time stay
 * as they were), so a reload shows the script to fix rather than an empty box. Best effort: the
 * generation's own error is what the customer reads, whatever happens here.
 */
async function keepScript(deps: AppDeps, userId: string, projectId: string, script: string): Promise<void> {
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const current = await findOwnedProject(trx, userId, projectId, { lock: true });
      // Unchanged, nothing is written (an integrator's If-Match version stays valid).
      if (current.params.script !== script) await changeProject(trx, userId, projectId, (p) => ({ params: { ...p.params, script } }));
    })
    .catch((err: unknown) => deps.logger.warn({ err, projectId }, 'could not keep the script of a failed scene generation'));
}

/** Writes the scenes for the script and saves them with the reel time; the project moves to step 2. */
export async function generateScenes(
  deps: AppDeps,
  userId: string,
  input: { id: string; script: string; reelTime: number; sceneCount?: number | undefined; sceneDuration?: number | undefined },
): Promise<{ id: string; scenes: Scene[]; project: Project }> {
  const current = await findOwnedProject(deps.db, userId, input.id);
  // Refused before the model is paid for; checked again where it is stored.
  assertReelTime(await loadEntitlements(deps, userId), input.reelTime);
  // Planned at the pace of the voice that has already spoken this project, if one has.
  const wordsPerSecond = await measuredVoiceRate(deps.storage, current);
  const scenes = await deps.engine.scenes
    .writeScenes({ script: input.script, reelTime: input.reelTime, sceneCount: input.sceneCount, sceneDuration: input.sceneDuration, wordsPerSecond, onCost: requestCosts(deps, userId, input.id) })
    .catch(async (err: unknown) => {
      await keepScript(deps, userId, input.id, input.script);
      return scenesFailed(deps, err);
    });
  const project = await saveScenes(deps, userId, input.id, input.reelTime, (p) => ({
    scenes,
    currentStep: Math.max(2, p.currentStep),
    params: { ...p.params, script: input.script },
  }));
  return { id: input.id, scenes, project };
}

export async function regenerateScene(
  deps: AppDeps,
  userId: string,
  input: { id: string; sceneIndex?: number | null | undefined; regenerateAll: boolean; reelTime: number; script: string },
): Promise<{ scenes: Scene[]; message: string; project: Project }> {
  const current = await findOwnedProject(deps.db, userId, input.id);
  assertReelTime(await loadEntitlements(deps, userId), input.reelTime);
  const all = input.regenerateAll || input.sceneIndex === null || input.sceneIndex === undefined;
  const scenes = await deps.engine.scenes
    .regenerate({ script: input.script, reelTime: input.reelTime, scenes: current.scenes, sceneIndex: all ? null : input.sceneIndex!, wordsPerSecond: await measuredVoiceRate(deps.storage, current), onCost: requestCosts(deps, userId, input.id) })
    .catch(async (err: unknown) => {
      await keepScript(deps, userId, input.id, input.script);
      return scenesFailed(deps, err);
    });
  const project = await saveScenes(deps, userId, input.id, input.reelTime, (p) => ({ scenes, params: { ...p.params, script: input.script } }));
  return { scenes, message: all ? 'All scenes regenerated' : `Scene ${input.sceneIndex! + 1} regenerated`, project };
}

export async function listVoices(deps: AppDeps, filter: { language?: string | undefined; gender?: string | undefined; age?: string | undefined }): Promise<VoiceInfo[]> {
  return deps.engine.voices.list({ language: filter.language || undefined, gender: filter.gender || undefined, age: filter.age || undefined });
}

export async function suggestAvatarPrompt(
  deps: AppDeps,
  input: { scenes: { title: string; text: string }[]; projectTitle: string; projectScript: string; voiceData?: { gender?: string | undefined; age?: string | undefined } | undefined },
): Promise<{ combinedPrompt: string }> {
  if (input.scenes.length === 0) throw new AppError('BAD_REQUEST', 'Generate scenes first: the suggestion is built from them.');
  const combinedPrompt = await deps.engine.avatarPrompts
    .suggest({
      scenes: input.scenes,
      projectTitle: input.projectTitle,
      script: input.projectScript,
      voice: input.voiceData,
      onCost: requestCosts(deps, null, null),
    })
    .catch((err: unknown) => scenesFailed(deps, err));
  return { combinedPrompt };
}

/**
 * Queues a generation job for the project (one open job per project and kind: asking again while
 * one runs answers the running one) and returns it. The open job is looked for under the project's
 * row lock, so parallel starts (a double click, an integrator's retries) share one job and one charge.
 */
export async function startGeneration<K extends GenerationKind>(deps: AppDeps, userId: string, projectId: string, kind: K, raw: JobInputs[K]): Promise<GenerationJobView> {
  const input: Record<string, unknown> = parseJobInput(kind, raw);
  const started = await deps.db.transaction().execute(async (trx) => {
    await findOwnedProject(trx, userId, projectId, { lock: true });
    const open = await findOpenJobId(trx, projectId, kind);
    if (open) return { id: open, created: false };
    const id = await insertGenerationJob(trx, { projectId, userId, kind, input });
    await updateProjectRow(trx, projectId, { last_error: null });
    return { id, created: true };
  });
  // Queued after the commit: the queue's worker must find the row (and on PGlite the queue's SQL waits for the transaction).
  if (started.created) await setJobQueueId(deps.db, started.id, await deps.jobs.enqueue(kind, started.id));
  return toJobView((await findGenerationJob(deps.db, started.id))!);
}

/**
 * Waits for a started job and answers it with the project as the job left it; a job that failed is
 * the customer's error. The REST calls answer this way unless they are asked to respond at once.
 */
export async function finishGeneration(deps: AppDeps, userId: string, started: GenerationJobView, timeoutMs = GENERATION_WAIT_MS): Promise<{ job: GenerationJobView; project: Project }> {
  const job = await waitForGenerationJob(deps, started, timeoutMs);
  if (job.status === 'dead') throw new AppError('UNPROCESSABLE_CONTENT', job.error ?? 'Generation failed. Please try again.', { reason: job.reason ?? 'generation_failed' });
  return { job, project: await findOwnedProject(deps.db, userId, started.projectId) };
}

/** Starts a job and waits for it: the REST contract (request in, finished result out). */
export async function runGeneration<K extends GenerationKind>(
  deps: AppDeps,
  userId: string,
  projectId: string,
  kind: K,
  input: JobInputs[K],
  timeoutMs = GENERATION_WAIT_MS,
): Promise<{ job: GenerationJobView; project: Project }> {
  return finishGeneration(deps, userId, await startGeneration(deps, userId, projectId, kind, input), timeoutMs);
}

/** Starts the scene videos after prepareVideos' checks; answers the job at once. */
export async function startVideos(deps: AppDeps, userId: string, input: { id: string; quality: Quality }): Promise<GenerationJobView> {
  const checked = await prepareVideos(deps, userId, input.id, input.quality);
  return startGeneration(deps, userId, input.id, 'videos', checked);
}

/** Starts the merge after prepareFinal's checks; answers the job at once. */
export async function startFinalVideo(
  deps: AppDeps,
  userId: string,
  input: { id: string; sceneOrder?: string[] | undefined } & Pick<JobInputs['final'], 'transition' | 'captions' | 'captionStyle' | 'captionPosition'>,
): Promise<GenerationJobView> {
  const sceneOrder = await prepareFinal(deps, userId, input.id, input.sceneOrder);
  const { transition, captions, captionStyle, captionPosition } = input;
  return startGeneration(deps, userId, input.id, 'final', { sceneOrder, transition, captions, captionStyle, captionPosition });
}

/**
 * Checks before a video render: a picture and audio exist, the project's reel time and the quality
 * are within the plan, and the watermark is the plan's. The job checks the plan again when it runs.
 */
export async function prepareVideos(deps: AppDeps, userId: string, projectId: string, quality: Quality): Promise<{ quality: Quality; watermark: boolean }> {
  const project = await findOwnedProject(deps.db, userId, projectId);
  // The plan first: a Free customer asking for HD reads 'HD Quality Locked' whatever else is missing.
  const plan = await loadEntitlements(deps, userId);
  const settings = renderSettings(plan, quality);
  assertReelTime(plan, project.reelTime);
  if (!selectedPicture(project.assets)) throw new AppError('BAD_REQUEST', generationMessages.noAvatar, { reason: 'avatar_required' });
  if (project.scenes.length === 0 || !project.scenes.every((s) => project.assets.voiceover?.[s.sceneId])) {
    throw new AppError('BAD_REQUEST', generationMessages.noVoiceover, { reason: 'audio_required' });
  }
  // A credit returned after an earlier failed render of this project is taken again before paying.
  await deps.db.transaction().execute((trx) => retakeReturnedCredit(deps, trx, userId, projectId));
  return settings;
}

/**
 * Checks before the merge: the scene order, the scene videos, and that the project is within the
 * plan now (its reel time, and scene videos rendered at a quality and with a watermark it allows).
 */
export async function prepareFinal(deps: AppDeps, userId: string, projectId: string, sceneOrder: string[] | undefined): Promise<string[]> {
  const project = await findOwnedProject(deps.db, userId, projectId);
  const ids = project.scenes.map((s) => s.sceneId);
  const order = sceneOrder?.length ? sceneOrder : ids;
  if (order.some((id) => !ids.includes(id)) || new Set(order).size !== order.length) throw new AppError('BAD_REQUEST', 'The scene order must list each scene of the project once.');
  if (!order.every((id) => project.assets.video_generated?.[id])) throw new AppError('BAD_REQUEST', generationMessages.noVideos, { reason: 'missing_videos' });
  await assertFinalWithinPlan(deps.db, await loadEntitlements(deps, userId), project);
  return order;
}
