// Real media the fakes answer with: an MP3 tone as long as the text takes to read, a PNG of the
// asked aspect, and an MP4 as long as a given audio. Made with ffmpeg and sharp on the fly, once per
// distinct input in a process: the suites send the same fixture voices again and again, and each
// ffmpeg start costs 0.1–0.2 s of CPU before any work.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from '../../sharp.ts';
import { runFfmpeg } from '../../ffmpeg.ts';
import { mediaDurationSeconds } from '../../media-duration.ts';

async function inTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-fake-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const made = new Map<string, Promise<Buffer>>();
const MAX_KEPT = 64;

/**
 * The answer for `key`, made once while it is kept (the oldest of 64 is forgotten first; a failure is
 * not kept). Callers get a copy: a fake's answer may be changed by the test that asked for it.
 */
async function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let answer = made.get(key);
  if (!answer) {
    answer = make();
    made.set(key, answer);
    answer.catch(() => made.delete(key));
    if (made.size > MAX_KEPT) made.delete(made.keys().next().value ?? key);
  }
  return Buffer.from(await answer);
}

export function mp3Tone(seconds: number): Promise<Buffer> {
  return once(`mp3:${seconds.toFixed(2)}`, () => inTemp(async (dir) => {
    const out = join(dir, 'tone.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds.toFixed(2)}`, '-c:a', 'libmp3lame', '-b:a', '64k', out]);
    return readFile(out);
  }));
}

/** Raw signed 16-bit little-endian mono PCM at the given rate (what ElevenLabs sends for pcm_*). */
export function pcmTone(seconds: number, rate: number): Promise<Buffer> {
  return once(`pcm:${rate}:${seconds.toFixed(2)}`, () => inTemp(async (dir) => {
    const out = join(dir, 'tone.pcm');
    await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds.toFixed(2)}`, '-ar', String(rate), '-ac', '1', '-f', 's16le', '-c:a', 'pcm_s16le', out]);
    return readFile(out);
  }));
}

const sizes: Record<string, [number, number]> = { '9:16': [288, 512], '16:9': [512, 288], '1:1': [384, 384], '4:3': [448, 336], '3:4': [336, 448] };

export function pngPicture(aspect: string, hue: number): Promise<Buffer> {
  const [width, height] = sizes[aspect] ?? sizes['9:16']!;
  const r = Math.round(128 + 100 * Math.sin(hue));
  const g = Math.round(128 + 100 * Math.sin(hue + 2));
  const b = Math.round(128 + 100 * Math.sin(hue + 4));
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

/** A small talking-head stand-in: a coloured frame with the given audio, as long as the audio. */
export function mp4ForAudio(audio: Buffer): Promise<Buffer> {
  return once(`mp4:${createHash('sha256').update(audio).digest('hex')}`, () => inTemp(async (dir) => {
    const input = join(dir, 'audio');
    await writeFile(input, audio);
    const durationSeconds = await mediaDurationSeconds(input);
    const out = join(dir, 'video.mp4');
    await runFfmpeg([
      '-f', 'lavfi', '-i', `color=c=0x336699:s=256x448:r=25:d=${Math.max(0.5, durationSeconds).toFixed(2)}`,
      '-i', input,
      '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', out,
    ]);
    return readFile(out);
  }));
}
