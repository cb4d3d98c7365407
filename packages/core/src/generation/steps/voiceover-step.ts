import { join } from 'node:path';
import { AppError, generationMessages } from '@reelsmith/shared';
import { mediaDurationSeconds } from '@reelsmith/media';
import { mediaUrl } from '../../storage/media-storage.ts';
import { findOwnedProject } from '../../projects/project-rows.ts';
import { artifactHash, projectKey } from '../artifact-key.ts';
import { storeVoiceTimings } from '../voice-timings.ts';
import type { JobContext } from '../job-context.ts';
import { parseJobInput } from '../job-inputs.ts';
import { mapLimit, withWorkDir } from '../work-dir.ts';

/** One compressed audio clip per scene, in the chosen voice and each scene's speed. */
export async function runVoiceoverStep(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const input = parseJobInput('voiceover', { ...ctx.input, id: ctx.projectId });
  const project = await findOwnedProject(deps.db, ctx.userId, ctx.projectId);
  if (project.scenes.length === 0) throw new AppError('BAD_REQUEST', generationMessages.noScenes);
  const voice = await deps.engine.voices.get(input.voiceId);
  if (!voice) throw new AppError('BAD_REQUEST', generationMessages.unknownVoice);
  let done = 0;
  const clips = await withWorkDir(deps.workDir, `voice-${ctx.jobId}`, (dir) =>
    mapLimit(project.scenes, 2, async (scene, i) => {
      const speed = input.sceneSpeedSettings[scene.sceneId] ?? input.speed ?? 1;
      const hash = artifactHash(deps.engine.name, deps.engine.version, 'voice', input.voiceId, input.language ?? 'en', scene.text, speed);
      const key = projectKey(ctx.projectId, 'voice', `${hash}.m4a`);
      const file = join(dir, `${hash}.m4a`);
      let durationSeconds: number;
      if (await deps.storage.stat(key)) {
        await deps.storage.download(key, file);
        durationSeconds = await mediaDurationSeconds(file);
      } else {
        const result = await deps.engine.speech.synthesise({
          voiceId: input.voiceId,
          text: scene.text,
          speed,
          language: input.language,
          previousText: project.scenes[i - 1]?.text,
          nextText: project.scenes[i + 1]?.text,
          outFile: file,
          onCost: ctx.recordCost,
        });
        durationSeconds = result.durationSeconds;
        await deps.storage.put(key, { file }, result.mimeType);
        // The speech's timings beside the audio, for captions and mouth shapes.
        await storeVoiceTimings(deps.storage, key, result);
      }
      done += 1;
      await ctx.progress(`Voiceover ${done} of ${project.scenes.length}`, (done / project.scenes.length) * 100);
      return { sceneId: scene.sceneId, url: mediaUrl(key), durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
    }),
  );
  await ctx.saveProject((p) => ({
    scenes: p.scenes.map((s) => {
      const clip = clips.find((c) => c.sceneId === s.sceneId);
      return clip ? { ...s, actualDuration: clip.durationSeconds } : s;
    }),
    assets: {
      ...p.assets,
      voiceover: Object.fromEntries(clips.map((c) => [c.sceneId, c.url])),
      video_durations: { ...(p.assets.video_durations ?? {}), ...Object.fromEntries(clips.map((c) => [c.sceneId, c.durationSeconds])) },
    },
    params: {
      ...p.params,
      voiceover: {
        voiceId: input.voiceId,
        language: input.language ?? voice.language,
        gender: input.gender ?? voice.gender,
        age: input.age ?? voice.age,
        speed: input.speed ?? 1,
        sceneSpeedSettings: input.sceneSpeedSettings,
        voiceDetails: { name: voice.name, gender: voice.gender, age: voice.age, accent: voice.accent, description: voice.description, situation: voice.situation },
      },
    },
  }));
  return { clips };
}
