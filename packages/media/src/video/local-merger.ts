// Joins scene clips into the final video.
//  - 'none' with clips that agree on every stream parameter: concat demuxer + stream copy (no encode).
//  - otherwise one filter graph: each clip normalised (size, 25 fps, yuv420p, 44.1 kHz stereo, exact length),
//    then concat (none), fades to and from black (fade), or chained xfade/acrossfade (crossfade).
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { MergeRequest, Transition, VideoMerger, VideoResult } from '../engines.ts';
import { probe, runFfmpeg, type ProbeStream } from '../ffmpeg.ts';
import { audioCodecArgs, FPS, mp4Args, videoCodecArgs } from './encoding.ts';
import { VideoRenderError } from './errors.ts';

/** Each side of a dip to black. */
export const FADE_SECONDS = 0.4;
/** Overlap of a crossfade, before clamping to below half the shortest clip. */
export const CROSSFADE_SECONDS = 0.5;

/** ffprobe reports more than ProbeStream types; these fields decide whether clips can be stream-copied. */
type ClipStream = ProbeStream & { r_frame_rate?: string; profile?: string; channel_layout?: string; level?: number };

interface ClipInfo {
  file: string;
  durationSeconds: number;
  video: ClipStream;
  audio: ClipStream | undefined;
}

export interface LocalVideoMergerOptions {
  /** Where work folders go (default: the OS temp folder). */
  workDir?: string | undefined;
  /** Leave each work folder in place (for benchmarks that replay the ffmpeg command). */
  keepWorkFiles?: boolean | undefined;
  /** Sees each encode's ffmpeg arguments (without runFfmpeg's logging and progress flags). */
  onFfmpeg?: ((args: string[]) => void) | undefined;
}

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
  const first = clips[0]!.video;
  const size = { width: even(first.width ?? 360), height: even(first.height ?? 640) };
  const copySize = { width: first.width ?? size.width, height: first.height ?? size.height };
  if (clips.length === 1 && isPlainH264Aac(clips[0]!)) {
    return { size: copySize, durationSeconds: total, args: ['-i', clips[0]!.file, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }
  if ((transition === 'none' || clips.length === 1) && canStreamCopy(clips)) {
    const list = join(work, 'clips.ffconcat');
    const quote = (file: string) => `'${resolve(file).replaceAll("'", "'\\''")}'`;
    await writeFile(list, `ffconcat version 1.0\n${clips.map((c) => `file ${quote(c.file)}`).join('\n')}\n`);
    return { size: copySize, durationSeconds: total, args: ['-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }

  // Mono voices stay mono; anything else becomes stereo.
  const channels = clips.every((c) => !c.audio || c.audio.channels === 1) ? 1 : 2;
  const layout = channels === 1 ? 'mono' : 'stereo';
  const parts: string[] = [];
  const fade = Math.min(FADE_SECONDS, ...clips.map((c) => c.durationSeconds / 4));
  const overlap = Math.min(CROSSFADE_SECONDS, ...clips.map((c) => c.durationSeconds * 0.45));
  clips.forEach((clip, i) => {
    const length = clip.durationSeconds.toFixed(3);
    const fit =
      clip.video.width === size.width && clip.video.height === size.height
        ? ''
        : `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,`;
    // Every clip is made exactly its container length, so offsets and A/V sync hold across the joins.
    let video = `[${i}:v:0]${fit}setsar=1,fps=${FPS},format=yuv420p,tpad=stop_mode=clone:stop_duration=${length},trim=duration=${length},setpts=PTS-STARTPTS`;
    let audio = clip.audio
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
  const info = await probe(file).catch((err: unknown) => {
    throw new VideoRenderError('unreadable-clip', `Cannot read the clip ${file}`, { cause: err });
  });
  const video = info.streams.find((s) => s.codec_type === 'video') as ClipStream | undefined;
  if (!video || !(info.durationSeconds > 0)) throw new VideoRenderError('unreadable-clip', `The clip ${file} holds no video`);
  const audio = info.streams.find((s) => s.codec_type === 'audio') as ClipStream | undefined;
  return { file, durationSeconds: info.durationSeconds, video, audio };
}

function isPlainH264Aac(clip: ClipInfo): boolean {
  return clip.video.codec_name === 'h264' && clip.video.pix_fmt === 'yuv420p' && clip.audio?.codec_name === 'aac';
}

/** The concat demuxer can copy only streams that agree on everything a decoder is set up with. */
function canStreamCopy(clips: ClipInfo[]): boolean {
  if (!clips.every(isPlainH264Aac)) return false;
  const key = (c: ClipInfo) =>
    JSON.stringify([
      c.video.width, c.video.height, c.video.pix_fmt, c.video.r_frame_rate, c.video.profile, c.video.level,
      c.audio?.codec_name, c.audio?.sample_rate, c.audio?.channels, c.audio?.channel_layout, c.audio?.profile,
    ]);
  return clips.every((c) => key(c) === key(clips[0]!));
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}
