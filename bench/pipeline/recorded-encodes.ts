// For `bench/pipeline --through-app`: inside the benchmark's server process, swaps the running app's
// talking-video renderer and merger for the same local engines told to report each ffmpeg command and
// keep their prepared inputs (fitted stills, mouth-run lists), so the bench can replay the exact
// encodes as bare ffmpeg. The step's own inputs (the downloaded picture, audio and clips) live in a
// work folder the step removes when it ends: they are hard-linked aside first (no copy, no encode).
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LocalTalkingVideoRenderer, LocalVideoMerger, type MediaEngine, type MergeRequest, type TalkingVideoRequest } from '@reelsmith/media';

export interface RecordedEncodes {
  /** One ffmpeg command per rendered scene, in the order the renders started. */
  render: string[][];
  /** The merge's ffmpeg commands. */
  merge: string[][];
  /** The clips each merge joined (kept), in order. */
  mergedClips: string[][];
}

async function keep(file: string, dir: string): Promise<string> {
  const kept = join(dir, `${randomUUID()}-${basename(file)}`);
  await link(file, kept).catch(() => copyFile(file, kept));
  return kept;
}

/** Records the encodes of `engine`'s renders and merges from now on; `take()` hands them over and starts afresh. */
export async function recordEncodes(engine: MediaEngine, keepDir: string): Promise<{ take(): RecordedEncodes }> {
  await mkdir(keepDir, { recursive: true });
  let encodes: RecordedEncodes = { render: [], merge: [], mergedClips: [] };
  const renderer = new LocalTalkingVideoRenderer({ workDir: keepDir, keepWorkFiles: true, onFfmpeg: (args) => encodes.render.push(args) });
  const merger = new LocalVideoMerger({ workDir: keepDir, keepWorkFiles: true, onFfmpeg: (args) => encodes.merge.push(args) });
  engine.talkingVideo = {
    async render(request: TalkingVideoRequest) {
      return renderer.render({
        ...request,
        imageFile: await keep(request.imageFile, keepDir),
        mouthOpenFile: request.mouthOpenFile ? await keep(request.mouthOpenFile, keepDir) : null,
        audioFile: await keep(request.audioFile, keepDir),
      });
    },
  };
  engine.merger = {
    async merge(request: MergeRequest) {
      const clips = await Promise.all(request.clips.map((clip) => keep(clip, keepDir)));
      encodes.mergedClips.push(clips);
      return merger.merge({ ...request, clips });
    },
  };
  return {
    take() {
      const taken = encodes;
      encodes = { render: [], merge: [], mergedClips: [] };
      return taken;
    },
  };
}
