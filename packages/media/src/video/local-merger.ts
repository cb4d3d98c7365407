// Joins scene clips into the final video.
//  - 'none' with H.264/AAC-LC clips whose decoder set-ups are identical (SPS/PPS, frame rate, audio
//    config): concat demuxer + stream copy, no encode.
//  - 'fade' or 'crossfade' with such clips cut-ready at their ends (scene clips are: encoding.ts): only
//    the joins are encoded, the rest copied (cut-joins.ts).
//  - otherwise one filter graph: each clip normalised (size, 25 fps, yuv420p, 44.1 kHz, exact length),
//    then concat (none), fades to and from black (fade), or chained xfade/acrossfade (crossfade).
import type { VideoEngineOptions } from './engine-options.ts';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BurnedCaptions, MergeRequest, MergeResult, Transition, VideoMerger } from '../engines.ts';
import { assScript, captionPlan } from '../captions/ass-captions.ts';
import { groupCues, placeWords } from '../captions/caption-cues.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { describeClip, type ClipInfo } from './clip-info.ts';
import { concatFileLine } from './concat-list.ts';
import { planCutJoins, type CutJoinPlan } from './cut-joins.ts';
import { audioCodecArgs, FPS, JOIN_SECONDS, mp4Args, videoCodecArgs } from './encoding.ts';
import { VideoRenderError } from './errors.ts';
import { audioLayout, joinedAudioGraph } from './merge-audio.ts';
import { readMp4Info } from './mp4-info.ts';
import { roundSeconds } from '../seconds.ts';

/** Each side of a dip to black. */
export const FADE_SECONDS = 0.4;
/** Overlap of a crossfade, before clamping to below half the shortest clip (scene clips have keyframes there). */
export const CROSSFADE_SECONDS = JOIN_SECONDS;

export interface LocalVideoMergerOptions extends VideoEngineOptions {
  /** false: fades and crossfades always re-encode the whole video (the reference the benchmarks compare with). */
  cutJoins?: boolean | undefined;
}

export class LocalVideoMerger implements VideoMerger {
  private readonly options: LocalVideoMergerOptions;

  constructor(options: LocalVideoMergerOptions = {}) {
    this.options = options;
  }

  async merge(request: MergeRequest): Promise<MergeResult> {
    if (request.clips.length === 0) throw new VideoRenderError('no-clips', 'There are no clips to merge');
    const clips = await Promise.all(request.clips.map(describeClip));
    const work = await mkdtemp(join(this.options.workDir ?? tmpdir(), 'reelsmith-merge-'));
    const partial = `${request.outFile}.partial`;
    try {
      request.onProgress?.(0);
      await mkdir(dirname(request.outFile), { recursive: true });
      const fade = Math.min(FADE_SECONDS, ...clips.map((c) => c.durationSeconds / 4));
      // Burned-in captions change every frame they are on: one full encode, never a copy.
      const captions = request.captions;
      const cut = this.options.cutJoins === false || captions ? null : planCutJoins(clips, request.transition, (name) => join(work, name), fade);
      const plan = (cut && (await this.encodeJoins(cut, clips[0]!, work))) || (await planMerge(clips, request.transition, work, fade, captions));
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
      return {
        file: request.outFile,
        durationSeconds: written || plan.durationSeconds,
        width: plan.size.width,
        height: plan.size.height,
        clips: clips.map((c, i) => ({ startSeconds: roundSeconds(plan.clipStartSeconds[i] ?? 0), durationSeconds: c.durationSeconds })),
      };
    } finally {
      await rm(partial, { force: true });
      if (!this.options.keepWorkFiles) await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Encodes the joins' pieces and returns the assembly, or null (then a full merge) when a piece does
   * not come out as planned: another frame count, or a decoder set-up the clips do not share.
   */
  private async encodeJoins(cut: CutJoinPlan, first: ClipInfo, work: string): Promise<MergePlan | null> {
    this.options.onFfmpeg?.(cut.piecesArgs);
    try {
      await runFfmpeg(cut.piecesArgs);
    } catch {
      return null;
    }
    // planCutJoins only plans for clips that are cut-ready, so the first one's decoder set-up is known.
    const setup = first.cuts?.avcC;
    for (const piece of cut.pieces) {
      const video = (await readMp4Info(piece.file))?.video;
      if (!video || !setup || !video.avcC?.equals(setup) || video.frames !== piece.frames || video.reordered) return null;
    }
    const list = join(work, 'joins.ffconcat');
    await writeFile(list, cut.concatList);
    return { args: cut.assembleArgs(list), durationSeconds: cut.durationSeconds, size: { width: first.width, height: first.height }, clipStartSeconds: cut.clipStartSeconds };
  }
}

interface MergePlan {
  /** ffmpeg arguments up to (not including) the output options and file. */
  args: string[];
  /** Expected output length, for progress. */
  durationSeconds: number;
  /** The output frame. */
  size: { width: number; height: number };
  /** Where each clip starts in the output. */
  clipStartSeconds: number[];
}

/**
 * Chooses the cheapest correct way to join the clips whole; `fade`: each side of a dip to black.
 * With captions, always one filter graph ending in libass.
 */
async function planMerge(clips: ClipInfo[], transition: Transition, work: string, fade: number, captions?: BurnedCaptions): Promise<MergePlan> {
  const total = clips.reduce((sum, c) => sum + c.durationSeconds, 0);
  const first = clips[0]!;
  const size = { width: even(first.width), height: even(first.height) };
  const backToBack = clips.map((_c, i) => clips.slice(0, i).reduce((sum, c) => sum + c.durationSeconds, 0));
  if (!captions && clips.length === 1 && first.copyKey) {
    return { size: { width: first.width, height: first.height }, durationSeconds: total, clipStartSeconds: [0], args: ['-i', first.file, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }
  if (!captions && transition === 'none' && first.copyKey && clips.every((c) => c.copyKey === first.copyKey)) {
    const list = join(work, 'clips.ffconcat');
    await writeFile(list, `ffconcat version 1.0\n${clips.map((c) => concatFileLine(c.file)).join('\n')}\n`);
    return { size: { width: first.width, height: first.height }, durationSeconds: total, clipStartSeconds: backToBack, args: ['-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'] };
  }

  const parts = clips.map((clip, i) => ({ input: i, channels: clip.audioChannels, seconds: clip.durationSeconds }));
  const videos: string[] = [];
  const overlap = Math.min(CROSSFADE_SECONDS, ...clips.map((c) => c.durationSeconds * 0.45));
  clips.forEach((clip, i) => {
    const length = clip.durationSeconds.toFixed(3);
    const fit =
      clip.width === size.width && clip.height === size.height
        ? ''
        : `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,`;
    // Every clip is made exactly its container length, so offsets and A/V sync hold across the joins.
    let video = `[${i}:v:0]${fit}setsar=1,fps=${FPS},format=yuv420p,tpad=stop_mode=clone:stop_duration=${length},trim=duration=${length},setpts=PTS-STARTPTS`;
    if (transition === 'fade') {
      const d = fade.toFixed(3);
      if (i > 0) video += `,fade=t=in:st=0:d=${d}`;
      if (i < clips.length - 1) video += `,fade=t=out:st=${(clip.durationSeconds - fade).toFixed(3)}:d=${d}`;
    }
    videos.push(`${video}[v${i}]`);
  });

  let durationSeconds = total;
  let clipStartSeconds = backToBack;
  if (transition === 'crossfade' && clips.length > 1) {
    let offset = 0;
    let v = 'v0';
    clipStartSeconds = [0];
    clips.slice(1).forEach((_clip, k) => {
      offset += clips[k]!.durationSeconds - overlap;
      clipStartSeconds.push(offset);
      const nv = k === clips.length - 2 ? 'v' : `xv${k + 1}`;
      videos.push(`[${v}][v${k + 1}]xfade=transition=fade:duration=${overlap.toFixed(3)}:offset=${offset.toFixed(3)}[${nv}]`);
      v = nv;
    });
    durationSeconds = total - (clips.length - 1) * overlap;
  } else {
    videos.push(`${clips.map((_c, i) => `[v${i}]`).join('')}concat=n=${clips.length}:v=1:a=0[v]`);
  }
  let out = '[v]';
  if (captions) {
    const { layout } = captionPlan(captions.style, captions.position, size.width, size.height, captions.keepClear);
    const words = placeWords(captions.clipWords, clipStartSeconds, clips.map((c) => c.durationSeconds));
    const assFile = join(work, 'captions.ass');
    await writeFile(assFile, assScript(groupCues(words, layout.limits, durationSeconds), { style: captions.style, position: captions.position, keepClear: captions.keepClear, ...size }));
    videos.push(`[v]ass=filename=${filterValue(assFile)}[vc]`);
    out = '[vc]';
  }
  const audio = joinedAudioGraph(parts, transition, { fadeSeconds: fade, overlaps: clips.slice(1).map(() => overlap) });

  return {
    size,
    durationSeconds,
    clipStartSeconds,
    args: [
      ...clips.flatMap((c) => ['-i', c.file]),
      '-filter_complex', [...videos, ...audio].join(';'),
      '-map', out, '-map', '[a]',
      ...videoCodecArgs({ still: false }),
      ...audioCodecArgs(audioLayout(parts).channels),
    ],
  };
}

/** A file name as a filter option inside a filter graph: escaped for both levels ffmpeg parses. */
function filterValue(path: string): string {
  return path.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');
}


function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}
