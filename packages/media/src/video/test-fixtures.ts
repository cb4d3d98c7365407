// Fixtures and probes for the video tests: pictures and speech-like audio made with ffmpeg, raw frame reads.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg, runTool } from '../ffmpeg.ts';

const exec = promisify(execFile);

/** Where the mouth sits on the fixture avatar (a 360×640 picture). */
export const MOUTH_BOX = { x: 130, y: 380, width: 100, height: 50 };

/** A flat 'avatar': blue background, skin block, a thin dark mouth (closed) or a tall black one (open). */
export async function makeAvatarStills(dir: string, size = { width: 360, height: 640 }): Promise<{ closed: string; open: string }> {
  const k = size.width / 360;
  const box = (x: number, y: number, w: number, h: number, color: string) =>
    `drawbox=x=${Math.round(x * k)}:y=${Math.round(y * k)}:w=${Math.round(w * k)}:h=${Math.round(h * k)}:color=${color}:t=fill`;
  const face = `color=c=0x3366aa:s=${size.width}x${size.height},${box(100, 200, 160, 260, '0xf0c8a0')},${box(140, 140, 80, 40, '0x553311')}`;
  const closed = join(dir, `closed-${size.width}.png`);
  const open = join(dir, `open-${size.width}.png`);
  await runFfmpeg(['-f', 'lavfi', '-i', `${face},${box(140, 400, 80, 8, '0x802020')}`, '-frames:v', '1', closed]);
  await runFfmpeg(['-f', 'lavfi', '-i', `${face},${box(140, 385, 80, 40, '0x200000')}`, '-frames:v', '1', open]);
  return { closed, open };
}

/** A detailed picture (test pattern) for the photo path, where motion must show. */
export async function makePhoto(dir: string): Promise<string> {
  const file = join(dir, 'photo.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=720x1280', '-frames:v', '1', file]);
  return file;
}

/** Speech-like AAC: 0.7 s bursts of a warbling tone, then 0.5 s of silence, repeated. */
export const BURST = { period: 1.2, loud: 0.7 };
export async function makeSpeechAudio(dir: string, seconds: number, name = `speech-${seconds}.m4a`): Promise<string> {
  const file = join(dir, name);
  const expr = `if(lt(mod(t\\,${BURST.period})\\,${BURST.loud})\\,0.5*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*4*t))\\,0)`;
  await runFfmpeg(['-f', 'lavfi', '-i', `aevalsrc=${expr}:s=44100:d=${seconds}`, '-c:a', 'aac', '-b:a', '96k', file]);
  return file;
}

export interface StreamSummary {
  codec_type: string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  /** Seconds, as ffprobe prints it. */
  duration?: string;
}

export async function streamsOf(file: string): Promise<{ streams: StreamSummary[]; durationSeconds: number }> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(stdout) as { streams: StreamSummary[]; format: { duration: string } };
  return { streams: parsed.streams, durationSeconds: Number(parsed.format.duration) };
}

/** Every frame of a region as 8-bit grey, decoded in one pass. `eachFrame`: exactly the stored frames (none repeated to fill the container's length). */
export async function greyFrames(file: string, box: { x: number; y: number; width: number; height: number }, options: { eachFrame?: boolean } = {}): Promise<Buffer[]> {
  const { stdout } = await exec(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', `crop=${box.width}:${box.height}:${box.x}:${box.y},format=gray`, ...(options.eachFrame ? ['-fps_mode', 'passthrough'] : []), '-f', 'rawvideo', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const frameBytes = box.width * box.height;
  const frames: Buffer[] = [];
  for (let at = 0; at + frameBytes <= stdout.length; at += frameBytes) frames.push(stdout.subarray(at, at + frameBytes));
  return frames;
}

export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

export function meanLevel(a: Buffer): number {
  let sum = 0;
  for (const v of a) sum += v;
  return sum / a.length;
}

/** Top-level MP4 box types in file order (for the faststart check: moov before mdat). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  const types: string[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) break;
    at += size;
  }
  return types;
}
