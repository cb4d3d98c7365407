// Offline talking-avatar clips from one or two stills and the scene's voice.
//  - With an open-mouth frame (the illustrated presenter): mouth shapes drawn from the two stills
//    (visemes.ts, mouth-shapes.ts) follow the voice's phonemes, or without phonemes the two stills
//    alternate with the loudness; with an eyes-shut frame the presenter blinks (blinks.ts); with the
//    setting alone, the presenter's head and shoulders sway and breathe over it (presenter-motion.ts).
//    Fed through the concat demuxer: one decoded picture per run, not per frame.
//  - Without one (uploaded photo): a slow eased zoom with a slight upward drift (Ken Burns).
import type { VideoEngineOptions } from './engine-options.ts';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { SpokenPhoneme, TalkingVideoRenderer, TalkingVideoRequest, VideoResult } from '../engines.ts';
import { probe, runFfmpeg, type ProbeStream } from '../ffmpeg.ts';
import { dimensionsFor } from '../video-size.ts';
import { audioCodecArgs, FPS, isCopyableAudio, mp4Args, videoCodecArgs } from './encoding.ts';
import { VideoRenderError } from './errors.ts';
import { blinkFrame, blinkTrack, paintBlink } from './blinks.ts';
import { swayExpressions, type PresenterLayer } from './presenter-motion.ts';
import { fitRgbOrFail, presenterParts, type PresenterFrames } from './presenter-parts.ts';
import { syllableChatter } from './mouth-track.ts';
import { readMp4Info } from './mp4-info.ts';
import { motionGraph, writeConcatList } from './presenter-graph.ts';
import { patchY4mInPlace, toY4m, watermarkImage, watermarkPlacement, type Size } from './stills.ts';
import { mouthShape, openingBox, paintMouthShape, shapeArea, type Box, type RgbFrame } from './mouth-shapes.ts';
import { mouthFrames, QUIET, relativeLoudness, visemeTrack, type MouthFrame } from './visemes.ts';
import { decodePcm, frameRms, mouthOpenFrames, videoFrameCount } from '../audio/index.ts';

/** How far the photo path zooms in over the clip (6%). */
const KEN_BURNS_ZOOM = 0.06;

export type LocalTalkingVideoRendererOptions = VideoEngineOptions;

export class LocalTalkingVideoRenderer implements TalkingVideoRenderer {
  private readonly options: LocalTalkingVideoRendererOptions;

  constructor(options: LocalTalkingVideoRendererOptions = {}) {
    this.options = options;
  }

  async render(request: TalkingVideoRequest): Promise<VideoResult> {
    await requireFiles([request.imageFile, request.audioFile, ...(request.mouthOpenFile ? [request.mouthOpenFile] : [])]);
    const size = dimensionsFor(request.aspect, request.quality);
    const work = await mkdtemp(join(this.options.workDir ?? tmpdir(), 'reelsmith-talking-'));
    const partial = `${request.outFile}.partial`;
    try {
      request.onProgress?.(0);
      const plan = request.mouthOpenFile
        ? await planPresenter(request, request.mouthOpenFile, size, work)
        : await planKenBurns(request, size, work);
      const args = [...plan.args, ...mp4Args, partial];
      this.options.onFfmpeg?.(args);
      await mkdir(dirname(request.outFile), { recursive: true });
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
        throw new VideoRenderError('encode-failed', `Rendering the talking video failed: ${(err as Error).message}`, { cause: err });
      }
      await rename(partial, request.outFile);
      request.onProgress?.(1);
      return { file: request.outFile, durationSeconds: written || plan.durationSeconds, width: size.width, height: size.height };
    } finally {
      await rm(partial, { force: true });
      if (!this.options.keepWorkFiles) await rm(work, { recursive: true, force: true });
    }
  }
}

interface EncodePlan {
  /** ffmpeg arguments up to (not including) the output options and file. */
  args: string[];
  durationSeconds: number;
}

/**
 * The illustrated presenter: its mouth follows the voice's phonemes (nine shapes drawn from the two
 * mouth frames, sized by loudness) or, without phonemes, opens and closes with the loudness; its eyes
 * blink at natural intervals when there is an eyes-shut frame (blinks.ts). Each distinct look is drawn
 * once and the concat demuxer holds it for its frames.
 */
async function planPresenter(request: TalkingVideoRequest, mouthOpenFile: string, size: Size, work: string): Promise<EncodePlan> {
  const watermark = request.watermark ? await watermarkImage(size) : null;
  // A presenter that moves gets the mark on top after the motion; a still one has it drawn in.
  const moving = Boolean(request.settingFile);
  const [{ durationSeconds, codecArgs }, { face, motion }, pcm] = await Promise.all([
    inspectAudio(request.audioFile),
    presenterParts({ ...request, mouthOpenFile }, size, moving ? null : watermark),
    request.loudness
      ? null
      : decodePcm(request.audioFile, { sampleRate: 8000 }).catch((err: unknown) => {
          throw new VideoRenderError('unreadable-audio', `Cannot read the audio ${request.audioFile}`, { cause: err });
        }),
  ]);
  const frameCount = videoFrameCount(durationSeconds, FPS);
  // The voiceover's own measure when it kept one (no decoder process started), one value per frame of this audio.
  const loudness = pcm ? frameRms(pcm.samples, pcm.sampleRate, FPS, frameCount) : Array.from({ length: frameCount }, (_, f) => request.loudness![f] ?? 0);
  const frames = presenterFrames(face, request.phonemes ?? [], loudness, basename(request.audioFile));
  const runs: { look: string; frames: number }[] = [];
  for (const look of frames.looks) {
    const last = runs.at(-1);
    if (last?.look === look) last.frames++;
    else runs.push({ look, frames: 1 });
  }
  await writeLooks(new Set(frames.looks), frames, face.closed, work);
  const stills = runs.map((run) => ({ file: `${run.look}.y4m`, frames: run.frames }));
  const list = join(work, 'presenter.ffconcat');
  if (!motion) return stillsPlan(request, stills, list, durationSeconds, codecArgs);
  return motionPlan(request, stills, list, { ...motion, watermark, size, work }, durationSeconds, codecArgs);
}

/**
 * The presenter's cut-out (the looks, through the concat demuxer) given its shape (the mask) and
 * moved over the still setting (presenter-motion.ts); the watermark, if any, on top.
 */
async function motionPlan(
  request: TalkingVideoRequest,
  stills: { file: string; frames: number }[],
  list: string,
  parts: { settingY4m: Buffer; maskPng: Buffer; layer: PresenterLayer; amplitude: { x: number; y: number }; watermark: Buffer | null; size: Size; work: string },
  durationSeconds: number,
  codecArgs: string[],
): Promise<EncodePlan> {
  const { settingY4m, maskPng, layer, amplitude, watermark, size, work } = parts;
  const settingFile = join(work, 'setting.y4m');
  const maskFile = join(work, 'mask.png');
  const markFile = join(work, 'watermark.png');
  await Promise.all([
    writeConcatList(list, stills),
    writeFile(settingFile, settingY4m),
    writeFile(maskFile, maskPng),
    watermark ? writeFile(markFile, watermark) : Promise.resolve(),
  ]);
  const at = watermark ? await watermarkPlacement(watermark, size) : null;
  const sway = swayExpressions(layer.box, amplitude);
  const graph = motionGraph(sway, at);
  const inputs = ['-f', 'concat', '-safe', '0', '-i', list, '-i', settingFile, '-i', maskFile, ...(at ? ['-i', markFile] : [])];
  return {
    durationSeconds,
    args: [
      ...inputs,
      '-i', request.audioFile,
      '-filter_complex', graph,
      '-map', '[v]', '-map', `${at ? 4 : 3}:a:0`,
      ...videoCodecArgs({ still: true, sceneClip: durationSeconds }),
      ...codecArgs,
      '-t', durationSeconds.toFixed(3),
    ],
  };
}

/**
 * Each distinct look as a one-frame YUV4MPEG file in `work`. A look differs from the closed picture
 * only in its areas (the mouth, the eyes), so one picture and one file's bytes are drawn into, written,
 * and put back where the look differed: converted once, not two full copies (3–6 MB each) allocated per
 * look, which cost more than the drawing on a virtual machine's memory (docs/benchmarks.md).
 */
export async function writeLooks(looks: Iterable<string>, frames: PresenterDrawing, closed: RgbFrame, work: string): Promise<void> {
  const canvas: RgbFrame = { ...closed, data: Buffer.from(closed.data) };
  const file = toY4m(closed.data, closed.width, closed.height, closed.channels);
  for (const look of looks) {
    const { frame, areas } = frames.drawOn(canvas, look);
    patchY4mInPlace(file, frame, areas);
    await writeFile(join(work, `${look}.y4m`), file);
    patchY4mInPlace(file, closed, areas);
    if (frame === canvas) for (const area of areas) copyArea(canvas, closed, area);
  }
}

/** Copies `area` of `from` into `to` (frames of the same size). */
function copyArea(to: RgbFrame, from: RgbFrame, area: Box): void {
  const left = Math.max(0, area.left);
  const right = Math.min(from.width - 1, area.right);
  if (right < left) return;
  for (let y = Math.max(0, area.top); y <= Math.min(from.height - 1, area.bottom); y++) {
    const start = (y * from.width + left) * from.channels;
    from.data.copy(to.data, start, start, start + (right - left + 1) * from.channels);
  }
}

/** How a look is drawn: as a new picture (`draw`), or into a copy of the closed picture that is put back after (`drawOn`). */
export interface PresenterDrawing {
  looks: string[];
  draw: (look: string) => { frame: RgbFrame; areas: Box[] };
  /** Draws into `canvas` (the closed picture's pixels) where the look differs, which `areas` name; the frame answered may be another picture. */
  drawOn: (canvas: RgbFrame, look: string) => { frame: RgbFrame; areas: Box[] };
}

/**
 * Each frame's look (a name: mouth shape, opening, eyes) and how to draw a look. Mouth shapes follow
 * the phonemes when there are some and the mouth frames differ; otherwise the mouth opens with the
 * loudness (whole open frame). Blinks fall in the voice's pauses where one is near.
 */
export function presenterFrames(presenter: PresenterFrames, phonemes: readonly SpokenPhoneme[], loudness: readonly number[], seed: string): PresenterDrawing {
  const mouthBox = openingBox(presenter.closed, presenter.open);
  const mouths: MouthFrame[] =
    phonemes.length > 0 && mouthBox
      ? mouthFrames(visemeTrack(phonemes, FPS, loudness.length / FPS), loudness)
      : syllableChatter(mouthOpenFrames(loudness)).map((isOpen) => ({ viseme: isOpen ? 'open' : 'rest', opening: 1 }));
  const eyesBox = presenter.shut ? openingBox(presenter.closed, presenter.shut) : null;
  const quiet = relativeLoudness(loudness).map((level) => level < QUIET);
  const eyes = eyesBox ? blinkTrack(loudness.length, FPS, seed, quiet) : loudness.map(() => 0);
  const parts = new Map<string, { mouth: MouthFrame; shut: number }>();
  const looks = mouths.map((mouth, f) => {
    const shut = eyes[f] ?? 0;
    const look = `${mouth.viseme}-${Math.round(mouth.opening * 100)}-eyes-${Math.round(shut * 100)}`;
    parts.set(look, { mouth, shut });
    return look;
  });
  // Each look with where it differs from the closed picture (the mouth's shape, the eyes), so only those parts are converted again.
  const whole = { left: 0, top: 0, right: presenter.closed.width - 1, bottom: presenter.closed.height - 1 };
  const draw = (look: string): { frame: RgbFrame; areas: Box[] } => {
    const { mouth, shut } = parts.get(look)!;
    const still = mouth.viseme === 'rest' || mouth.viseme === 'closed';
    const face = !mouthBox ? (still ? presenter.closed : presenter.open) : mouthShape(presenter.closed, presenter.open, mouthBox, mouth.viseme, mouth.opening);
    const areas = still ? [] : mouthBox ? [shapeArea(mouthBox, mouth.viseme, mouth.opening, presenter.closed)] : [whole];
    if (shut > 0 && eyesBox && presenter.shut) return { frame: blinkFrame(face, presenter.shut, eyesBox, shut), areas: [...areas, eyesBox] };
    return { frame: face, areas };
  };
  const drawOn = (canvas: RgbFrame, look: string): { frame: RgbFrame; areas: Box[] } => {
    // Without an opening the open look is the whole open picture: drawn as a new one.
    if (!mouthBox) return draw(look);
    const { mouth, shut } = parts.get(look)!;
    const still = mouth.viseme === 'rest' || mouth.viseme === 'closed';
    if (!still) paintMouthShape(canvas.data, presenter.closed, presenter.open, mouthBox, mouth.viseme, mouth.opening);
    const areas = still ? [] : [shapeArea(mouthBox, mouth.viseme, mouth.opening, presenter.closed)];
    if (shut > 0 && eyesBox && presenter.shut) {
      paintBlink(canvas.data, canvas, presenter.shut, eyesBox, shut);
      areas.push(eyesBox);
    }
    return { frame: canvas, areas };
  };
  return { looks, draw, drawOn };
}

/**
 * Stills (files in the list's folder) held for their frames, through the concat demuxer: one decoded
 * picture per run, not per frame, with the voice as the soundtrack.
 */
async function stillsPlan(request: TalkingVideoRequest, stills: { file: string; frames: number }[], list: string, durationSeconds: number, codecArgs: string[]): Promise<EncodePlan> {
  await writeConcatList(list, stills);
  return {
    durationSeconds,
    args: [
      '-f', 'concat', '-safe', '0', '-i', list,
      '-i', request.audioFile,
      '-map', '0:v:0', '-map', '1:a:0',
      '-vf', `fps=${FPS},setsar=1`,
      ...videoCodecArgs({ still: true, sceneClip: durationSeconds }),
      ...codecArgs,
      '-t', durationSeconds.toFixed(3),
    ],
  };
}

async function planKenBurns(request: TalkingVideoRequest, size: Size, work: string): Promise<EncodePlan> {
  const even = (n: number) => Math.round(n / 2) * 2;
  const source: Size = { width: even(size.width * (1 + KEN_BURNS_ZOOM)), height: even(size.height * (1 + KEN_BURNS_ZOOM)) };
  const still = join(work, 'photo.y4m');
  const mark = join(work, 'watermark.png');
  const [{ durationSeconds, codecArgs }, watermark] = await Promise.all([
    inspectAudio(request.audioFile),
    request.watermark ? watermarkImage(size) : Promise.resolve(null),
    fitOrFail(request.imageFile, source, still, null),
  ]);
  const frames = Math.max(2, Math.round(durationSeconds * FPS));

  // p eases 0 → 1 over the clip; the picture grows from the frame size to the pre-fitted source size
  // (never upscaled per frame) and the crop window drifts from the centre towards the upper part.
  const p = `(1-cos(PI*min(n/${frames - 1},1)))/2`;
  const motion = [
    `scale=w='2*trunc(${size.width / 2}*(1+${KEN_BURNS_ZOOM}*${p}))':h='2*trunc(${size.height / 2}*(1+${KEN_BURNS_ZOOM}*${p}))':eval=frame:flags=bilinear`,
    `crop=${size.width}:${size.height}:x='(iw-${size.width})/2':y='(ih-${size.height})*(0.5-0.2*${p})'`,
  ].join(',');
  const base = `[0:v]loop=loop=-1:size=1,setpts=N/${FPS}/TB,${motion},setsar=1`;
  const inputs = ['-i', still];
  let filter = `${base}[v]`;
  if (watermark) {
    // Overlaid after the motion so the mark stays put; the one-picture input repeats on every frame.
    await writeFile(mark, watermark);
    const at = await watermarkPlacement(watermark, size);
    inputs.push('-i', mark);
    filter = `${base}[moving];[moving][1:v]overlay=x=${at.left}:y=${at.top}[v]`;
  }
  return {
    durationSeconds,
    args: [
      ...inputs,
      '-i', request.audioFile,
      '-filter_complex', filter,
      '-map', '[v]', '-map', `${inputs.length / 2}:a:0`,
      ...videoCodecArgs({ still: false, sceneClip: durationSeconds }),
      ...codecArgs,
      '-t', durationSeconds.toFixed(3),
    ],
  };
}

/** The audio's length from its container (what players show), and how to carry it into the clip. */
async function inspectAudio(audioFile: string): Promise<{ durationSeconds: number; codecArgs: string[] }> {
  const carry = (audio: { aacLc: boolean; sampleRate: number; channels: number }) =>
    isCopyableAudio(audio) ? ['-c:a', 'copy'] : audioCodecArgs(audio.channels === 1 ? 1 : 2);
  // The voices are M4A: read the moov box in-process rather than starting ffprobe.
  const mp4 = await readMp4Info(audioFile);
  if (mp4?.audio && mp4.durationSeconds > 0.05) {
    const { codec, objectType, sampleRate, channels } = mp4.audio;
    return { durationSeconds: mp4.durationSeconds, codecArgs: carry({ aacLc: codec === 'mp4a' && objectType === 2, sampleRate, channels }) };
  }
  const info = await probe(audioFile).catch((err: unknown) => {
    throw new VideoRenderError('unreadable-audio', `Cannot read the audio ${audioFile}`, { cause: err });
  });
  const stream = info.streams.find((s) => s.codec_type === 'audio') as (ProbeStream & { profile?: string }) | undefined;
  const durationSeconds = Number(stream?.duration ?? info.durationSeconds) || info.durationSeconds;
  if (!stream || !(durationSeconds > 0.05)) throw new VideoRenderError('unreadable-audio', `The file ${audioFile} holds no audio`);
  return {
    durationSeconds,
    codecArgs: carry({ aacLc: stream.codec_name === 'aac' && stream.profile === 'LC', sampleRate: Number(stream.sample_rate), channels: stream.channels ?? 2 }),
  };
}

async function fitOrFail(file: string, size: Size, outFile: string, watermark: Buffer | null): Promise<void> {
  const frame = await fitRgbOrFail(file, size, watermark);
  await writeFile(outFile, toY4m(frame.data, frame.width, frame.height, frame.channels));
}

async function requireFiles(files: string[]): Promise<void> {
  for (const file of files) {
    try {
      await access(file);
    } catch {
      throw new VideoRenderError('missing-input', `Input file not found: ${file}`);
    }
  }
}
