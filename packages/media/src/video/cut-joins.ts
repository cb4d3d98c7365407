// Fades and crossfades that encode only the joins. Scene clips are made with keyframes JOIN_SECONDS
// from each end and no B-frames (encoding.ts), so each clip's middle can be stream-copied exactly from
// keyframe to keyframe. Per join one short piece is encoded: the outgoing clip's tail and the incoming
// clip's head, dipped to black (fade) or blended (crossfade). The pieces are checked to decode with the
// clips' own set-up (same SPS/PPS), then clips and pieces are concatenated by stream copy while the
// soundtrack is joined as in a full merge. A 30-s 1080p reel then encodes about 2 s of video, not 30.
import type { Transition } from '../engines.ts';
import type { ClipInfo } from './clip-info.ts';
import { concatFileLine } from './concat-list.ts';
import { audioCodecArgs, FPS, JOIN_SECONDS, videoCodecArgs } from './encoding.ts';
import { audioLayout, joinedAudioGraph, type AudioPart } from './merge-audio.ts';

/** The frames a join may take from either side: about JOIN_SECONDS (a forced keyframe lands on the next whole frame). */
const JOIN_FRAMES = { min: Math.floor(JOIN_SECONDS * FPS) - 1, max: Math.ceil(JOIN_SECONDS * FPS) + 1 };

export interface CutJoinPlan {
  /** One ffmpeg command encoding every join's piece (video only). */
  piecesArgs: string[];
  pieces: { file: string; frames: number }[];
  /** The ffconcat list of clip middles and pieces, to write before the assembly. */
  concatList: string;
  /** The assembly up to (not including) the output options and file: video copied, audio joined. */
  assembleArgs(listFile: string): string[];
  durationSeconds: number;
  /** Where each clip starts in the joined video (crossfades overlap the clips). */
  clipStartSeconds: number[];
}

interface ClipCut {
  clip: ClipInfo;
  frames: number;
  /** First frame kept from this clip (after the incoming join's head). */
  from: number;
  /** First frame left to the outgoing join (its tail). */
  to: number;
}

const at = (frame: number) => (frame / FPS).toFixed(3);

/** Where each clip is cut, or null when any clip cannot be cut exactly near its ends (then: a full merge). */
function cutsOf(clips: readonly ClipInfo[]): ClipCut[] | null {
  const key = clips[0]!.copyKey;
  const near = (frames: number) => frames >= JOIN_FRAMES.min && frames <= JOIN_FRAMES.max;
  const cuts: ClipCut[] = [];
  for (const [i, clip] of clips.entries()) {
    if (!key || clip.copyKey !== key || !clip.cuts) return null;
    const { frames, keyframes } = clip.cuts;
    const from = i === 0 ? 0 : keyframes.find((k) => near(k));
    const to = i === clips.length - 1 ? frames : keyframes.findLast((k) => near(frames - k));
    if (from === undefined || to === undefined || from >= to) return null;
    cuts.push({ clip, frames, from, to });
  }
  return cuts;
}

export function planCutJoins(clips: readonly ClipInfo[], transition: Transition, work: (name: string) => string, fadeSeconds: number): CutJoinPlan | null {
  if (transition === 'none' || clips.length < 2) return null;
  const cuts = cutsOf(clips);
  if (!cuts) return null;

  const inputs: string[] = [];
  const graph: string[] = [];
  const outputs: string[] = [];
  const pieces: CutJoinPlan['pieces'] = [];
  const overlaps: number[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const out = cuts[k]!;
    const into = cuts[k + 1]!;
    const tail = out.frames - out.to;
    const head = into.from;
    // The outgoing clip is opened at its keyframe (an exact seek); the incoming one read from its start.
    // Each input decodes about a dozen frames: one decoding thread each (a frame-threaded decoder per
    // input started more threads and buffers than it decoded frames; four 1080p joins 2.4–2.6 → 1.8–2.0 s
    // of wall, the same bytes out).
    inputs.push('-ss', at(out.to), '-threads', '1', '-i', out.clip.file, '-t', at(head + 1), '-threads', '1', '-i', into.clip.file);
    const a = `[${2 * k}:v:0]trim=end_frame=${tail},setpts=PTS-STARTPTS`;
    const b = `[${2 * k + 1}:v:0]trim=end_frame=${head},setpts=PTS-STARTPTS`;
    let frames: number;
    if (transition === 'crossfade') {
      const overlap = Math.min(tail, head);
      overlaps.push(overlap / FPS);
      graph.push(`${a}[t${k}]`, `${b}[h${k}]`, `[t${k}][h${k}]xfade=transition=fade:duration=${at(overlap)}:offset=${at(tail - overlap)}[p${k}]`);
      frames = tail + head - overlap;
    } else {
      const d = fadeSeconds.toFixed(3);
      graph.push(`${a},fade=t=out:st=${(tail / FPS - fadeSeconds).toFixed(3)}:d=${d}[t${k}]`, `${b},fade=t=in:st=0:d=${d}[h${k}]`, `[t${k}][h${k}]concat=n=2:v=1:a=0[p${k}]`);
      frames = tail + head;
    }
    const file = work(`join-${k}.mp4`);
    outputs.push('-map', `[p${k}]`, '-an', ...videoCodecArgs({ still: false, sceneClip: 0 }), '-f', 'mp4', file);
    pieces.push({ file, frames });
  }

  const lines = ['ffconcat version 1.0'];
  cuts.forEach((cut, i) => {
    lines.push(concatFileLine(cut.clip.file));
    if (cut.from > 0) lines.push(`inpoint ${at(cut.from)}`);
    if (cut.to < cut.frames) lines.push(`outpoint ${at(cut.to)}`);
    if (i < pieces.length) lines.push(concatFileLine(pieces[i]!.file));
  });

  const parts: AudioPart[] = cuts.map((cut, i) => ({ input: i + 1, channels: cut.clip.audioChannels, seconds: cut.frames / FPS }));
  // Each clip's copied middle, and each join's piece.
  const totalFrames = cuts.reduce((sum, c) => sum + c.to - c.from, 0) + pieces.reduce((sum, p) => sum + p.frames, 0);
  return {
    piecesArgs: [...inputs, '-filter_complex', graph.join(';'), ...outputs],
    pieces,
    concatList: `${lines.join('\n')}\n`,
    assembleArgs: (listFile) => [
      '-f', 'concat', '-safe', '0', '-i', listFile,
      ...cuts.flatMap((c) => ['-i', c.clip.file]),
      '-filter_complex', joinedAudioGraph(parts, transition, { fadeSeconds, overlaps }).join(';'),
      '-map', '0:v:0', '-map', '[a]',
      '-c:v', 'copy',
      ...audioCodecArgs(audioLayout(parts).channels),
    ],
    durationSeconds: totalFrames / FPS,
    clipStartSeconds: cuts.map((_c, i) => cuts.slice(0, i).reduce((sum, c, k) => sum + c.frames / FPS - (overlaps[k] ?? 0), 0)),
  };
}
