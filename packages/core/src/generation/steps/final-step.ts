import { join } from 'node:path';
import { AppError, generationMessages, type ProjectAssets } from '@reelsmith/shared';
import { MediaToolError } from '@reelsmith/media';
import { keyFromMediaUrl, mediaUrl } from '../../storage/media-storage.ts';
import { findOwnedProject } from '../../projects/project-rows.ts';
import { loadEntitlements } from '../../billing/entitlements.ts';
import { assertFinalWithinPlan } from '../plan-check.ts';
import { artifactHash, projectKey } from '../artifact-key.ts';
import type { JobContext } from '../job-context.ts';
import { parseJobInput } from '../job-inputs.ts';
import { selectedPicture } from '../project-status.ts';
import { withWorkDir } from '../work-dir.ts';

/** The scenes in order, joined with the chosen transition into one MP4; a playlist only if merging fails. */
export async function runFinalStep(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const input = parseJobInput('final', ctx.input);
  const project = await findOwnedProject(deps.db, ctx.userId, ctx.projectId);
  // The plan is asked again when the job runs (reel time, the scene videos' quality and watermark).
  await assertFinalWithinPlan(deps.db, await loadEntitlements(deps, ctx.userId), project);
  const order = input.sceneOrder?.length ? input.sceneOrder : project.scenes.map((s) => s.sceneId);
  const urls = order.map((id) => project.assets.video_generated?.[id]).filter((u): u is string => Boolean(u));
  if (urls.length === 0 || urls.length !== order.length) throw new AppError('BAD_REQUEST', generationMessages.noVideos, { reason: 'missing_videos' });
  const keys = urls.map((u) => {
    const key = keyFromMediaUrl(u);
    if (!key) throw new AppError('BAD_REQUEST', generationMessages.noVideos, { reason: 'missing_videos' });
    return key;
  });
  const hash = artifactHash(deps.engine.name, deps.engine.version, 'final', keys, input.transition);
  const key = projectKey(ctx.projectId, 'final', `${hash}.mp4`);
  const poster = selectedPicture(project.assets);
  let final: NonNullable<ProjectAssets['final']>;
  try {
    const durationSeconds = await withWorkDir(deps.workDir, `final-${ctx.jobId}`, async (dir) => {
      if (await deps.storage.stat(key)) return project.assets.final?.durationSeconds;
      const clips: string[] = [];
      for (const [i, k] of keys.entries()) {
        const file = join(dir, `clip-${i}.mp4`);
        await deps.storage.download(k, file);
        clips.push(file);
      }
      await ctx.progress('Joining scenes', 10);
      const out = join(dir, 'final.mp4');
      const result = await deps.engine.merger.merge({
        clips,
        transition: input.transition,
        outFile: out,
        onProgress: (f) => void ctx.progress('Joining scenes', 10 + f * 85),
      });
      await deps.storage.put(key, { file: out }, 'video/mp4');
      return result.durationSeconds;
    });
    final = {
      type: 'single',
      url: mediaUrl(key),
      storageUrl: key,
      mergedAt: deps.clock.now().toISOString(),
      ...(poster ? { posterUrl: poster } : {}),
      ...(durationSeconds ? { durationSeconds } : {}),
    };
  } catch (err) {
    if (!(err instanceof MediaToolError)) throw err;
    deps.logger.warn({ projectId: ctx.projectId, err: err.message }, 'merge failed; falling back to a playlist');
    final = { type: 'playlist', url: JSON.stringify({ videos: urls }), mergedAt: deps.clock.now().toISOString(), ...(poster ? { posterUrl: poster } : {}) };
  }
  await ctx.saveProject((p) => ({
    assets: { ...p.assets, final },
    params: { ...p.params, final: { transition: input.transition } },
    currentStep: 6,
    lastError: null,
  }));
  deps.email?.projectComplete(ctx.userId, ctx.projectId);
  return { final };
}
