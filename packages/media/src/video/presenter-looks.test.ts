import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpokenPhoneme } from '../engines.ts';
import { presenterFrames, writeLooks } from './local-talking-renderer.ts';
import type { RgbFrame } from './mouth-shapes.ts';
import { patchY4m, toY4m } from './stills.ts';

const width = 360;
const height = 640;

/** A textured picture (so every area converted matters), with `paint` changing a part of it. */
function picture(paint?: (x: number, y: number) => [number, number, number] | null): RgbFrame {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const painted = paint?.(x, y);
      data[p] = painted?.[0] ?? (x * 7 + y * 3) % 256;
      data[p + 1] = painted?.[1] ?? (x * 5 + y * 11) % 256;
      data[p + 2] = painted?.[2] ?? (x * 13 + y) % 256;
    }
  }
  return { data, width, height, channels: 3 };
}

const inMouth = (x: number, y: number) => x >= 140 && x <= 220 && y >= 390 && y <= 420;
const inEyes = (x: number, y: number) => x >= 110 && x <= 250 && y >= 250 && y <= 275;
const closed = picture();
const open = picture((x, y) => (inMouth(x, y) ? [20, 5, 10] : null));
const shut = picture((x, y) => (inEyes(x, y) ? [200, 150, 130] : null));

/** Six seconds of speech: every kind of sound, louder and quieter, with pauses (where blinks fall). */
const phonemes: SpokenPhoneme[] = ['h', '@', 'l', 'oU', '_', 'm', 'i', 'f', 'A:', 's', '_', 'b', 'u:', 't', 'E', 'w', '_', 'a', 'n', 'dZ'].map((phoneme, i) => ({
  phoneme,
  startSeconds: i * 0.3,
  endSeconds: (i + 1) * 0.3,
}));
const loudness = Array.from({ length: 150 }, (_, f) => (phonemes[Math.floor(f / 7.5)]?.phoneme === '_' ? 0.01 : 0.2 + 0.8 * Math.abs(Math.sin(f / 4))));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-looks-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeLooks', () => {
  it('writes each look exactly as a picture of its own would convert, mouth shapes and blinks included', async () => {
    const frames = presenterFrames({ closed, open, shut }, phonemes, loudness, 'looks-test');
    const looks = [...new Set(frames.looks)];
    expect(looks.filter((look) => !look.endsWith('eyes-0')).length).toBeGreaterThan(0);
    expect(new Set(looks.map((look) => look.split('-eyes-')[0])).size).toBeGreaterThan(4);
    const work = await mkdtemp(join(dir, 'shapes-'));
    await writeLooks(looks, frames, closed, work);
    expect((await readdir(work)).sort()).toEqual(looks.map((look) => `${look}.y4m`).sort());
    const base = toY4m(closed.data, closed.width, closed.height, closed.channels);
    for (const look of looks) {
      const { frame, areas } = frames.draw(look);
      expect((await readFile(join(work, `${look}.y4m`))).equals(patchY4m(base, frame, areas)), look).toBe(true);
    }
  });

  it('writes the whole open picture when the two pictures show no opening', async () => {
    const frames = presenterFrames({ closed, open: picture((x, y) => (x === 0 && y === 0 ? [0, 0, 0] : null)), shut: null }, [], loudness, 'no-opening');
    const looks = [...new Set(frames.looks)];
    expect(looks.length).toBeGreaterThan(1);
    const work = await mkdtemp(join(dir, 'whole-'));
    await writeLooks(looks, frames, closed, work);
    const base = toY4m(closed.data, closed.width, closed.height, closed.channels);
    for (const look of looks) {
      const { frame, areas } = frames.draw(look);
      expect((await readFile(join(work, `${look}.y4m`))).equals(patchY4m(base, frame, areas)), look).toBe(true);
    }
  });
});
