import { join } from 'node:path';
import { AppError, generationMessages } from '@reelsmith/shared';
import { keyFromMediaUrl, mediaUrl } from '../../storage/media-storage.ts';
import { findOwnedProject } from '../../projects/project-rows.ts';
import { loadEntitlements, renderSettings } from '../../billing/entitlements.ts';
import { artifactHash, projectKey } from '../artifact-key.ts';
import type { JobContext } from '../job-context.ts';
import { ensureSideFrames, fetchSideFrames } from '../side-frames.ts';
import { parseJobInput } from '../job-inputs.ts';
import { selectedPicture } from '../project-status.ts';
import { mapLimit, withWorkDir } from '../work-dir.ts';
import { readVoiceLoudness, readVoicePhonemes } from '../voice-timings.ts';

/**
 * A talking video per scene: the selected picture animated to that scene's audio, exactly the
 * audio's length. A scene whose inputs did not change reuses its earlier video.
 */
export async function runVideosStep(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const requested = parseJobInput('videos', ctx.input);
  // The plan is asked again when the job runs: one queued under a plan since downgraded renders neither HD nor unmarked.
  const allowed = renderSettings(await loadEntitlements(deps, ctx.userId), requested.quality);
  const input = { quality: allowed.quality, watermark: allowed.watermark || requested.watermark === true };
  const project = await findOwnedProject(deps.db, ctx.userId, ctx.projectId);
  const picture = selectedPicture(project.assets);
  const pictureKey = picture ? keyFromMediaUrl(picture) : null;
  if (!pictureKey) throw new AppError('BAD_REQUEST', generationMessages.noAvatar, { reason: 'avatar_required' });
  const scenes = project.scenes;
  if (scenes.length === 0) throw new AppError('BAD_REQUEST', generationMessages.noScenes);
  const audioKeys = scenes.map((s) => {
    const url = project.assets.voiceover?.[s.sceneId];
    const key = url ? keyFromMediaUrl(url) : null;
    if (!key) throw new AppError('BAD_REQUEST', generationMessages.noVoiceover, { reason: 'audio_required' });
    return key;
  });
  const sideFrames = await ensureSideFrames({ storage: deps.storage, imager: deps.engine.avatars, workDir: deps.workDir }, pictureKey);
  const hasOpenFrame = sideFrames.mouthOpenFile;
  // Blinks and motion need the open-mouth frame too (the illustrated presenter's renders).
  const blinks = hasOpenFrame && sideFrames.eyesClosedFile;
  const motion = hasOpenFrame && sideFrames.settingFile;
  const fractions = scenes.map(() => 0);
  const report = () => ctx.progress(`Rendering scene videos (${fractions.filter((f) => f >= 1).length} of ${scenes.length})`, (fractions.reduce((a, b) => a + b, 0) / scenes.length) * 100);
  let lastReport = 0;

  const videos = await withWorkDir(deps.workDir, `videos-${ctx.jobId}`, async (dir) => {
    const imageFile = join(dir, 'picture.png');
    await deps.storage.download(pictureKey, imageFile);
    const side = await fetchSideFrames(deps.storage, pictureKey, dir, sideFrames);
    return mapLimit(scenes, 2, async (scene, i) => {
      // The voice's phonemes shape the mouth (illustrated presenters); clips made without them are not reused for it.
      const [phonemes, loudness] = hasOpenFrame ? await Promise.all([readVoicePhonemes(deps.storage, audioKeys[i]!), readVoiceLoudness(deps.storage, audioKeys[i]!)]) : [null, null];
      const hash = artifactHash(deps.engine.name, deps.engine.version, 'video', pictureKey, hasOpenFrame, audioKeys[i], input.quality, project.aspect, input.watermark, ...(phonemes ? ['visemes'] : []), ...(blinks ? ['blinks'] : []), ...(motion ? ['motion'] : []));
      const key = projectKey(ctx.projectId, 'video', `${hash}.mp4`);
      let durationSeconds = project.assets.video_durations?.[scene.sceneId] ?? scene.actualDuration ?? 0;
      if (!(await deps.storage.stat(key))) {
        const audioFile = join(dir, `audio-${i}.m4a`);
        await deps.storage.download(audioKeys[i]!, audioFile);
        const out = join(dir, `scene-${i}.mp4`);
        const result = await deps.engine.talkingVideo.render({
          imageFile,
          mouthOpenFile: side.mouthOpenFile,
          eyesClosedFile: side.eyesClosedFile,
          settingFile: side.settingFile,
          audioFile,
          ...(phonemes ? { phonemes } : {}),
          ...(loudness ? { loudness } : {}),
          aspect: project.aspect,
          quality: input.quality,
          watermark: input.watermark,
          outFile: out,
          onCost: ctx.recordCost,
          onProgress: (f) => {
            fractions[i] = Math.min(0.99, f);
            if (Date.now() - lastReport > 500) {
              lastReport = Date.now();
              void report();
            }
          },
        });
        durationSeconds = result.durationSeconds;
        await deps.storage.put(key, { file: out }, 'video/mp4');
      }
      fractions[i] = 1;
      await report();
      return { sceneId: scene.sceneId, url: mediaUrl(key), durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
    });
  });
  await ctx.saveProject((p) => ({
    assets: {
      ...p.assets,
      video_generated: Object.fromEntries(videos.map((v) => [v.sceneId, v.url])),
      video_durations: { ...(p.assets.video_durations ?? {}), ...Object.fromEntries(videos.map((v) => [v.sceneId, v.durationSeconds])) },
      final: null,
    },
    params: { ...p.params, video: { quality: input.quality, model: 'omni-human' } },
    lastError: null,
  }));
  return { videos, quality: input.quality, watermark: input.watermark };
}
