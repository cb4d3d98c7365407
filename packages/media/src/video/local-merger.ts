// Joins scene clips into the final video.
//  - 'none' with H.264/AAC-LC clips whose decoder set-ups are identical (SPS/PPS, frame rate, audio
//    config): concat demuxer + stream copy, no encode.
//  - otherwise one filter graph: each clip normalised (size, 25 fps, yuv420p, 44.1 kHz, exact length),
//    then concat (none), fades to and from black (fade), or chained xfade/acrossfade (crossfade).
// Clips are described from their moov box in-process; ffprobe only for files that are not MP4.
import type { VideoEngineOptions } from './engine-options.ts';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { MergeRequest, Transition, VideoMerger, VideoResult } from '../engines.ts';
import { probe, runFfmpeg } from '../ffmpeg.ts';
import { audioCodecArgs, FPS, mp4Args, videoCodecArgs } from './encoding.ts';
import { VideoRenderError } from './errors.ts';
import { readMp4Info, type Mp4Info } from './mp4-info.ts';

/** Each side of a dip to black. */
export const FADE_SECONDS = 0.4;
/** Overlap of a crossfade, before clamping to below half the shortest clip. */
export const CROSSFADE_SECONDS = 0.5;

interface ClipInfo {
  file: string;
  durationSeconds: number;
  width: number;
  height: number;
  /** 0 when the clip has no audio. */
  audioChannels: number;
  /** Clips with equal keys stream-copy together; null: never copy (re-encode instead). */
  copyKey: string | null;
}

export type LocalVideoMergerOptions = VideoEngineOptions;

export class LocalVideoMerger implements VideoMerger {
  private readonly options: LocalVideoMergerOptions;

  constructor(options: LocalVideoMergerOptions = {}) {
    this.options = options;
  }

  async merge(request: MergeRequest): Promise<VideoResult> {
    if (request.clips.length === 0) throw new VideoRenderError('no-clips', 'There are no clips to merge');
    const clips = await Promise.all(request.clips.map(describeClip));
    const work = await mkdtemp(join(this.options.workDir ?? tmpdir(), 'reelsmith-merge-'));
    const partial = `${request.outFile}.partial`;
    try {
      request.onProgress?.(0);
      await mkdir(dirname(request.outFile), { recursive: true });
      const plan = await planMerge(clips, request.transition, work);
      const args = [...plan.args, ...mp4Args, partial];
      this.options.onFfmpeg?.(args);
      // The last progress report is the written length: no probe of the result needed.
      let written = 0;
      try {
        await runFfmpeg(args, {
          onOutSeconds: (s) => {
            written = Math.max(written, s);
            request.onProgress?.(Math.min(0.99, s / plan.durationSeconds));
          },
        });
      } catch (err) {
        throw new VideoRenderError('encode-failed', `Merging the clips failed: ${(err as Error).message}`, { cause: err });
      }
      await rename(partial, request.outFile);
      request.onProgress?.(1);
      return { file: request.outFile, durationSeconds: written || plan.durationSeconds, width: plan.size.width, height: plan.size.height };
    } finally {
      await rm(partial, { force: true });
      if (!this.options.keepWorkFiles) await rm(work, { recursive: true, force: true });
    }
  }
}

interface MergePlan {
  /** ffmpeg arguments up to (not including) the output options and file. */
  args: string[];
  /** Expected output length, for progress. */
  durationSeconds: number;
  /** The output frame. */
  size: { width: number; height: number };
}

/** Chooses the cheapest correct way to join the clips. */
async function planMerge(clips: ClipInfo[], transition: Transition, work: string): Promise<MergePlan> {
  const total = clips.reduce((sum, c) => sum + c.durationSeconds, 0);
  const first = clips[0]!;
  const size = { width: even(first.width), height: even(first.height) };
  if (clips.length === 1 && first.copyKey) {
    return { size: { width: first.width, height: first.height }, durationSeconds: total, args: ['-i', first.file, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }
  if (transition === 'none' && first.copyKey && clips.every((c) => c.copyKey === first.copyKey)) {
    const list = join(work, 'clips.ffconcat');
    const quote = (file: string) => `'${resolve(file).replaceAll("'", "'\\''")}'`;
    await writeFile(list, `ffconcat version 1.0\n${clips.map((c) => `file ${quote(c.file)}`).join('\n')}\n`);
    return { size: { width: first.width, height: first.height }, durationSeconds: total, args: ['-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }

  // Mono voices stay mono; anything else becomes stereo.
  const channels = clips.every((c) => c.audioChannels <= 1) ? 1 : 2;
  const layout = channels === 1 ? 'mono' : 'stereo';
  const parts: string[] = [];
  const fade = Math.min(FADE_SECONDS, ...clips.map((c) => c.durationSeconds / 4));
  const overlap = Math.min(CROSSFADE_SECONDS, ...clips.map((c) => c.durationSeconds * 0.45));
  clips.forEach((clip, i) => {
    const length = clip.durationSeconds.toFixed(3);
    const fit =
      clip.width === size.width && clip.height === size.height
        ? ''
        : `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,`;
    // Every clip is made exactly its container length, so offsets and A/V sync hold across the joins.
    let video = `[${i}:v:0]${fit}setsar=1,fps=${FPS},format=yuv420p,tpad=stop_mode=clone:stop_duration=${length},trim=duration=${length},setpts=PTS-STARTPTS`;
    let audio = clip.audioChannels
      ? `[${i}:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=${layout},apad,atrim=duration=${length},asetpts=PTS-STARTPTS`
      : `anullsrc=r=44100:cl=${layout},atrim=duration=${length}`;
    if (transition === 'fade') {
      const d = fade.toFixed(3);
      const outAt = (clip.durationSeconds - fade).toFixed(3);
      if (i > 0) {
        video += `,fade=t=in:st=0:d=${d}`;
        audio += `,afade=t=in:st=0:d=${d}`;
      }
      if (i < clips.length - 1) {
        video += `,fade=t=out:st=${outAt}:d=${d}`;
        audio += `,afade=t=out:st=${outAt}:d=${d}`;
      }
    }
    parts.push(`${video}[v${i}]`, `${audio}[a${i}]`);
  });

  let durationSeconds = total;
  if (transition === 'crossfade' && clips.length > 1) {
    let offset = 0;
    let v = 'v0';
    let a = 'a0';
    clips.slice(1).forEach((_clip, k) => {
      offset += clips[k]!.durationSeconds - overlap;
      const last = k === clips.length - 2;
      const nv = last ? 'v' : `xv${k + 1}`;
      const na = last ? 'a' : `xa${k + 1}`;
      parts.push(`[${v}][v${k + 1}]xfade=transition=fade:duration=${overlap.toFixed(3)}:offset=${offset.toFixed(3)}[${nv}]`);
      parts.push(`[${a}][a${k + 1}]acrossfade=d=${overlap.toFixed(3)}[${na}]`);
      v = nv;
      a = na;
    });
    durationSeconds = total - (clips.length - 1) * overlap;
  } else {
    parts.push(`${clips.map((_c, i) => `[v${i}][a${i}]`).join('')}concat=n=${clips.length}:v=1:a=1[v][a]`);
  }

  return {
    size,
    durationSeconds,
    args: [
      ...clips.flatMap((c) => ['-i', c.file]),
      '-filter_complex', parts.join(';'),
      '-map', '[v]', '-map', '[a]',
      ...videoCodecArgs({ still: false }),
      ...audioCodecArgs(channels),
    ],
  };
}

async function describeClip(file: string): Promise<ClipInfo> {
  try {
    await access(file);
  } catch {
    throw new VideoRenderError('missing-input', `Clip not found: ${file}`);
  }
  const mp4 = await readMp4Info(file);
  if (mp4?.video && mp4.durationSeconds > 0) {
    return { file, durationSeconds: mp4.durationSeconds, width: mp4.video.width, height: mp4.video.height, audioChannels: mp4.audio?.channels ?? 0, copyKey: copyKey(mp4) };
  }
  const info = await probe(file).catch((err: unknown) => {
    throw new VideoRenderError('unreadable-clip', `Cannot read the clip ${file}`, { cause: err });
  });
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height || !(info.durationSeconds > 0)) throw new VideoRenderError('unreadable-clip', `The clip ${file} holds no video`);
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  return { file, durationSeconds: info.durationSeconds, width: video.width, height: video.height, audioChannels: audio ? (audio.channels ?? 2) : 0, copyKey: null };
}

/** H.264 up to High profile (8-bit 4:2:0) with AAC-LC: the decoder set-up that must match across copied clips. */
function copyKey({ video, audio }: Mp4Info): string | null {
  const profile = video?.avcC?.[1];
  if (video?.codec !== 'avc1' || !video.avcC || ![66, 77, 88, 100].includes(profile ?? 0)) return null;
  if (audio?.codec !== 'mp4a' || audio.objectType !== 2 || !audio.audioConfig) return null;
  return [video.avcC.toString('hex'), video.width, video.height, video.timescale, video.frameDelta, audio.audioConfig.toString('hex'), audio.sampleRate, audio.channels].join('|');
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}
