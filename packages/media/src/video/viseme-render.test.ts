// The rendered mouth and eyes against the voice: a 20-s reel spoken by the local engine, rendered with
// the illustrated presenter, then measured frame by frame from the video itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePcm, frameRms } from '../audio/index.ts';
import { LocalAvatarImager } from '../avatars/index.ts';
import type { SpeechResult } from '../engines.ts';
import { LocalSpeechSynthesiser } from '../voices/local-synthesiser.ts';
import { openingBox } from './mouth-shapes.ts';
import { LocalTalkingVideoRenderer } from './local-talking-renderer.ts';
import { fitStillRgb } from './stills.ts';
import { greyFrames } from './test-fixtures.ts';

const TEXT =
  'Many people forget how beautiful a slow morning by the water can feel. Fresh oranges, warm bread, and a quiet walk. ' +
  'Nothing fancy, only time for you. Try it this weekend: wake up early, open every window, and breathe. ' +
  'Who knew that peace could be so simple? I promise, you will love it. ' +
  'Tell me how your morning goes, and share it with a friend who needs a slower start too.';

let dir: string;
let voice: SpeechResult;
let clip: string;
let mouth: { x: number; y: number; width: number; height: number };
/** The closed mouth's region as the video's luma (BT.601 limited range, as the renderer writes it). */
let closedLuma: Buffer;
let eyes: { x: number; y: number; width: number; height: number };
let openEyesLuma: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-visemes-test-'));
  const [[avatar], spoken] = await Promise.all([
    new LocalAvatarImager().generate({ description: 'a cheerful woman in a bright kitchen', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: dir }),
    new LocalSpeechSynthesiser().synthesise({ voiceId: 'rs-ava', text: TEXT, speed: 1, outFile: join(dir, 'voice.m4a') }),
  ]);
  voice = spoken;
  const size = { width: 360, height: 640 };
  const [closed, open, shut] = await Promise.all([fitStillRgb(avatar!.file, size, null), fitStillRgb(avatar!.mouthOpenFile!, size, null), fitStillRgb(avatar!.eyesClosedFile!, size, null)]);
  const box = openingBox({ data: closed.data, ...closed.info }, { data: open.data, ...open.info })!;
  const eyesBox = openingBox({ data: closed.data, ...closed.info }, { data: shut.data, ...shut.info })!;
  // The mouth and a margin around it, where any shape is drawn; the eyes likewise.
  // Even sizes and places: ffmpeg crops 4:2:0 video on even pixels.
  const even = (n: number) => Math.round(n / 2) * 2;
  const around = (b: typeof box, mx: number, my: number) => ({ x: even(b.left - mx), y: even(b.top - my), width: even(b.right - b.left + 2 * mx), height: even(b.bottom - b.top + 2 * my) });
  mouth = around(box, 12, 8);
  eyes = around(eyesBox, 4, 4);
  closedLuma = lumaOf(closed, size.width, mouth);
  openEyesLuma = lumaOf(closed, size.width, eyes);
  clip = (
    await new LocalTalkingVideoRenderer().render({
      imageFile: avatar!.file,
      mouthOpenFile: avatar!.mouthOpenFile,
      eyesClosedFile: avatar!.eyesClosedFile!,
      audioFile: voice.file,
      phonemes: voice.phonemes,
      aspect: '9:16',
      quality: 'standard',
      watermark: false,
      outFile: join(dir, 'clip.mp4'),
    })
  ).file;
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A region of an RGB picture as video luma (BT.601 limited range, as the renderer writes it). */
function lumaOf(picture: { data: Buffer; info: { channels: number } }, width: number, region: { x: number; y: number; width: number; height: number }): Buffer {
  const out = Buffer.alloc(region.width * region.height);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const i = ((region.y + y) * width + region.x + x) * picture.info.channels;
      out[y * region.width + x] = ((66 * picture.data[i]! + 129 * picture.data[i + 1]! + 25 * picture.data[i + 2]! + 128) >> 8) + 16;
    }
  }
  return out;
}

/** How much of the mouth region shows something other than the closed mouth: the opening's area. */
function openness(frame: Buffer): number {
  let n = 0;
  for (let i = 0; i < frame.length; i++) if (Math.abs(frame[i]! - closedLuma[i]!) > 40) n += 1;
  return n;
}

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const ma = a.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const mb = b.slice(0, n).reduce((s, v) => s + v, 0) / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}

describe('mouth shapes from the voice’s phonemes', () => {
  it('is a reel of about 20 s', () => {
    expect(voice.durationSeconds).toBeGreaterThan(18);
    expect(voice.durationSeconds).toBeLessThan(25);
  });

  it('opens the mouth with the voice: openness correlates at least 0.7 with loudness', async () => {
    const frames = await greyFrames(clip, mouth);
    const { samples, sampleRate } = await decodePcm(voice.file, { sampleRate: 16_000 });
    const loudness = frameRms(samples, sampleRate, 25, frames.length);
    // Both smoothed over three frames (120 ms): a mouth shape is held at least two frames.
    const smooth = (xs: number[]) => xs.map((_v, i) => (xs[Math.max(0, i - 1)]! + xs[i]! + xs[Math.min(xs.length - 1, i + 1)]!) / 3);
    const r = pearson(smooth(frames.map(openness)), smooth(loudness));
    expect(r).toBeGreaterThanOrEqual(0.7);
  });

  it('uses at least six distinct mouth shapes', async () => {
    const frames = await greyFrames(clip, mouth);
    // A shape is the size of what differs from the closed mouth: its width and height, in steps of
    // two pixels (encoding noise moves an edge by one at most); counted when held three frames or more.
    const seen = new Map<string, number>();
    for (const frame of frames) {
      let left = Infinity;
      let right = -1;
      let top = Infinity;
      let bottom = -1;
      for (let i = 0; i < frame.length; i++) {
        if (Math.abs(frame[i]! - closedLuma[i]!) <= 40) continue;
        const x = i % mouth.width;
        const y = Math.floor(i / mouth.width);
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      const key = right < 0 ? 'closed' : `${Math.round((right - left) / 2)}x${Math.round((bottom - top) / 2)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const shapes = [...seen.values()].filter((n) => n >= 3).length;
    expect(shapes).toBeGreaterThanOrEqual(6);
  });
});

describe('blinks', () => {
  it('blinks at natural intervals, each blink a few frames long, in the video itself', async () => {
    const frames = await greyFrames(clip, eyes);
    // Share of the eye region that is not the open eyes.
    const shut = frames.map((frame) => {
      let n = 0;
      for (let i = 0; i < frame.length; i++) if (Math.abs(frame[i]! - openEyesLuma[i]!) > 40) n += 1;
      return n / frame.length;
    });
    const peak = Math.max(...shut);
    expect(peak).toBeGreaterThan(0.05);
    const blinks: { start: number; frames: number }[] = [];
    shut.forEach((share, f) => {
      if (share < peak / 4) return;
      const last = blinks.at(-1);
      if (last && last.start + last.frames === f) last.frames++;
      else blinks.push({ start: f, frames: 1 });
    });
    const seconds = frames.length / 25;
    // People blink about every 2.5–5.5 s while talking; a blink lasts 100–200 ms.
    expect(blinks.length).toBeGreaterThanOrEqual(Math.floor(seconds / 6));
    expect(blinks.length).toBeLessThanOrEqual(Math.ceil(seconds / 2));
    for (const blink of blinks) {
      expect(blink.frames).toBeGreaterThanOrEqual(2);
      expect(blink.frames).toBeLessThanOrEqual(5);
    }
    for (let i = 1; i < blinks.length; i++) expect((blinks[i]!.start - blinks[i - 1]!.start) / 25).toBeGreaterThanOrEqual(2);
    // Between blinks the eyes are open: the picture's own.
    const open = shut.filter((share) => share < peak / 4);
    expect(open.length).toBeGreaterThan(shut.length * 0.9);
  });
});
