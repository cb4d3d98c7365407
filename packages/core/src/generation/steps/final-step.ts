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
import { loadSceneWords } from '../captions/scene-words.ts';
import { subtitleFiles } from '../captions/subtitle-files.ts';
import { captionKeepClear } from '../captions/caption-keep-clear.ts';

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
  const sceneWords = await loadSceneWords(deps.storage, project, order);
  // Captions keep clear of the face and the product: where that is depends on the scenes' picture.
  const captions = input.captions
    ? { style: input.captionStyle, position: input.captionPosition, keepClear: await captionKeepClear(deps, project.assets) }
    : null;
  const hash = artifactHash(deps.engine.name, deps.engine.version, 'final', keys, input.transition, captions, sceneWords);
  const key = projectKey(ctx.projectId, 'final', `${hash}.mp4`);
  const subtitles = { vtt: projectKey(ctx.projectId, 'final', `${hash}.vtt`), srt: projectKey(ctx.projectId, 'final', `${hash}.srt`) };
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
        ...(captions ? { captions: { ...captions, clipWords: sceneWords } } : {}),
        outFile: out,
        onProgress: (f) => void ctx.progress(captions ? 'Joining scenes and captions' : 'Joining scenes', 10 + f * 85),
      });
      // The subtitle files go first: a stored video always has its captions beside it.
      const files = subtitleFiles(sceneWords, result);
      await deps.storage.put(subtitles.vtt, { buffer: Buffer.from(files.vtt) }, 'text/vtt; charset=utf-8');
      await deps.storage.put(subtitles.srt, { buffer: Buffer.from(files.srt) }, 'application/x-subrip; charset=utf-8');
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
      captions: { style: captions?.style ?? null, position: input.captionPosition, vttUrl: mediaUrl(subtitles.vtt), srtUrl: mediaUrl(subtitles.srt) },
    };
  } catch (err) {
    if (!(err instanceof MediaToolError)) throw err;
    deps.logger.warn({ projectId: ctx.projectId, err: err.message }, 'merge failed; falling back to a playlist');
    final = { type: 'playlist', url: JSON.stringify({ videos: urls }), mergedAt: deps.clock.now().toISOString(), ...(poster ? { posterUrl: poster } : {}) };
  }
  await ctx.saveProject((p) => ({
    assets: { ...p.assets, final },
    params: { ...p.params, final: { transition: input.transition, captions: input.captions, captionStyle: input.captionStyle, captionPosition: input.captionPosition } },
    currentStep: 6,
    lastError: null,
  }));
  deps.email?.projectComplete(ctx.userId, ctx.projectId);
  return { final };
}
