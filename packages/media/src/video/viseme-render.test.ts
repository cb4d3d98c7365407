// The rendered presenter against the voice: a 20-s reel spoken by the local engine, rendered with the
// illustrated presenter, then measured frame by frame from the video itself (the head found on each
// frame by its brows, as it sways and breathes; the mouth and eyes measured where the head is).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePcm, frameRms } from '../audio/index.ts';
import { avatarsWithSideFrames, LocalAvatarImager } from '../avatars/index.ts';
import type { SpeechResult } from '../engines.ts';
import { LocalSpeechSynthesiser } from '../voices/local-synthesiser.ts';
import { openingBox } from './mouth-shapes.ts';
import { LocalTalkingVideoRenderer } from './local-talking-renderer.ts';
import { swayAmplitude } from './presenter-motion.ts';
import { fitStillRgb } from './stills.ts';
import { greyFrames } from './test-fixtures.ts';

const TEXT =
  'Many people forget how beautiful a slow morning by the water can feel. Fresh oranges, warm bread, and a quiet walk. ' +
  'Nothing fancy, only time for you. Try it this weekend: wake up early, open every window, and breathe. ' +
  'Who knew that peace could be so simple? I promise, you will love it. ' +
  'Tell me how your morning goes, and share it with a friend who needs a slower start too.';

type Region = { x: number; y: number; width: number; height: number };

let dir: string;
let voice: SpeechResult;
let size: { width: number; height: number };
let mouth: Region;
let eyes: Region;
/** The eyebrows: part of the face that neither mouth nor blinks change, to follow the head's motion by. */
let brows: Region;
/** The closed-mouth, open-eyed picture as luma. */
let pictureLuma: Buffer;
let settingLuma: Buffer;
/** Every frame of the clip as luma, and where the head is on each (offset from rest, tracked by the brows). */
let frames: Buffer[];
let offsets: { x: number; y: number; error: number }[];
let amplitude: { x: number; y: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-visemes-test-'));
  const [[avatar], spoken] = await Promise.all([
    avatarsWithSideFrames(new LocalAvatarImager(), { description: 'a cheerful woman in a bright kitchen', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: dir }),
    new LocalSpeechSynthesiser().synthesise({ voiceId: 'rs-ava', text: TEXT, speed: 1, outFile: join(dir, 'voice.m4a') }),
  ]);
  voice = spoken;
  size = { width: 360, height: 640 };
  amplitude = swayAmplitude(size);
  const [closed, open, shut, setting] = await Promise.all(
    [avatar!.file, avatar!.mouthOpenFile!, avatar!.eyesClosedFile!, avatar!.settingFile!].map((file) => fitStillRgb(file, size, null)),
  );
  const rgb = (still: typeof closed) => ({ data: still!.data, ...still!.info });
  const box = openingBox(rgb(closed), rgb(open))!;
  const eyesBox = openingBox(rgb(closed), rgb(shut))!;
  // The mouth and a margin around it, where any shape is drawn; the eyes likewise; the brows above the eyes.
  const around = (b: typeof box, mx: number, my: number) => ({ x: b.left - mx, y: b.top - my, width: b.right - b.left + 1 + 2 * mx, height: b.bottom - b.top + 1 + 2 * my });
  mouth = around(box, 12, 8);
  eyes = around(eyesBox, 4, 4);
  brows = { x: eyes.x, y: eyes.y - 16, width: eyes.width, height: 14 };
  pictureLuma = lumaOf(closed!, size.width, { x: 0, y: 0, ...size });
  settingLuma = lumaOf(setting!, size.width, { x: 0, y: 0, ...size });
  const clip = (
    await new LocalTalkingVideoRenderer().render({
      imageFile: avatar!.file,
      mouthOpenFile: avatar!.mouthOpenFile,
      eyesClosedFile: avatar!.eyesClosedFile!,
      settingFile: avatar!.settingFile!,
      audioFile: voice.file,
      phonemes: voice.phonemes,
      aspect: '9:16',
      quality: 'standard',
      watermark: false,
      outFile: join(dir, 'clip.mp4'),
    })
  ).file;
  frames = await greyFrames(clip, { x: 0, y: 0, ...size });
  offsets = frames.map((frame) => trackHead(frame));
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A region of an RGB picture as luma the way the test reads the video back (ffmpeg's gray: BT.601, full range). */
function lumaOf(picture: { data: Buffer; info: { channels: number } }, width: number, region: Region): Buffer {
  const out = Buffer.alloc(region.width * region.height);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const i = ((region.y + y) * width + region.x + x) * picture.info.channels;
      out[y * region.width + x] = Math.round(0.299 * picture.data[i]! + 0.587 * picture.data[i + 1]! + 0.114 * picture.data[i + 2]!);
    }
  }
  return out;
}

/** A region of a whole-frame luma buffer, moved by `offset`. */
function cut(frame: Buffer, region: Region, offset = { x: 0, y: 0 }): Buffer {
  const out = Buffer.alloc(region.width * region.height);
  for (let y = 0; y < region.height; y++) {
    const from = (region.y + offset.y + y) * size.width + region.x + offset.x;
    frame.copy(out, y * region.width, from, from + region.width);
  }
  return out;
}

function meanAbs(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The head's offset from rest on a frame: where the picture's brows match best, searched a little past the motion's reach. */
function trackHead(frame: Buffer): { x: number; y: number; error: number } {
  const still = cut(pictureLuma, brows);
  let best = { x: 0, y: 0, error: Infinity };
  for (let y = -amplitude.y - 2; y <= amplitude.y + 2; y++) {
    for (let x = -amplitude.x - 2; x <= amplitude.x + 2; x++) {
      const error = meanAbs(cut(frame, brows, { x, y }), still);
      if (error < best.error) best = { x, y, error };
    }
  }
  return best;
}

/** How much of the mouth region (where the head is on that frame) shows something other than the closed mouth: the opening's area. */
function openness(f: number): number {
  const region = cut(frames[f]!, mouth, offsets[f]);
  const closed = cut(pictureLuma, mouth);
  let n = 0;
  for (let i = 0; i < region.length; i++) if (Math.abs(region[i]! - closed[i]!) > 40) n += 1;
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
    const { samples, sampleRate } = await decodePcm(voice.file, { sampleRate: 16_000 });
    const loudness = frameRms(samples, sampleRate, 25, frames.length);
    // Both smoothed over three frames (120 ms): a mouth shape is held at least two frames.
    const smooth = (xs: number[]) => xs.map((_v, i) => (xs[Math.max(0, i - 1)]! + xs[i]! + xs[Math.min(xs.length - 1, i + 1)]!) / 3);
    const r = pearson(smooth(frames.map((_frame, f) => openness(f))), smooth(loudness));
    expect(r).toBeGreaterThanOrEqual(0.7);
  });

  it('uses at least six distinct mouth shapes', () => {
    const closedLuma = cut(pictureLuma, mouth);
    // A shape is the size of what differs from the closed mouth: its width and height, in steps of
    // two pixels (encoding noise moves an edge by one at most); counted when held three frames or more.
    const seen = new Map<string, number>();
    for (const [f, whole] of frames.entries()) {
      const frame = cut(whole, mouth, offsets[f]);
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
  it('blinks at natural intervals, each blink a few frames long, in the video itself', () => {
    const openEyesLuma = cut(pictureLuma, eyes);
    // Share of the eye region (where the head is) that is not the open eyes.
    const shut = frames.map((whole, f) => {
      const frame = cut(whole, eyes, offsets[f]);
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

describe('head and shoulder motion', () => {
  it('sways and breathes a few pixels, smoothly, starting at rest', () => {
    const xs = offsets.map((o) => o.x);
    const ys = offsets.map((o) => o.y);
    expect(offsets[0]).toMatchObject({ x: 0, y: 0 });
    // It moves each way, as far as the amplitude and no farther.
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThanOrEqual(amplitude.x);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(amplitude.y);
    for (const o of offsets) {
      expect(Math.abs(o.x)).toBeLessThanOrEqual(amplitude.x);
      expect(Math.abs(o.y)).toBeLessThanOrEqual(amplitude.y);
    }
    // Smooth: at most one step (two pixels on 4:2:0 video) from frame to frame.
    for (let f = 1; f < offsets.length; f++) {
      expect(Math.abs(offsets[f]!.x - offsets[f - 1]!.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(offsets[f]!.y - offsets[f - 1]!.y)).toBeLessThanOrEqual(2);
    }
  });

  it('moves the face whole, undistorted, over a setting that stays still', () => {
    // Where the head is found, the brows are the picture's own (only encoding noise differs).
    for (const o of offsets) expect(o.error).toBeLessThan(4);
    // The top of the frame (the wall above the presenter) never moves.
    const wall = { x: 0, y: 0, width: size.width, height: Math.max(8, brows.y - 80) };
    for (const frame of frames) expect(meanAbs(cut(frame, wall), cut(settingLuma, wall))).toBeLessThan(3);
    // The bottom rows under the presenter stay covered when the shoulders rise: no strip of the setting shows.
    const chest = { x: mouth.x, y: size.height - 4, width: mouth.width, height: 4 };
    for (const frame of frames) expect(meanAbs(cut(frame, chest), cut(pictureLuma, chest))).toBeLessThan(6);
  });
});
