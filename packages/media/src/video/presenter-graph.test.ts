import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from '../sharp.ts';
import { runToolStreaming } from '../ffmpeg.ts';
import { FPS } from './encoding.ts';
import { motionGraph, writeConcatList, type StillRun } from './presenter-graph.ts';
import { toY4m } from './stills.ts';

const LOOK = 32;
const FRAME = 64;
const AT = { x: 16, y: 8 };

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'reelsmith-presenter-graph-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const grey = (level: number, size: number) => Buffer.alloc(size * size * 3, level);

/** The graph's frames as grey levels of the pixel at the look's centre, one per frame. */
async function renderCentres(runs: StillRun[], watermark: boolean): Promise<number[]> {
  const list = join(work, 'looks.ffconcat');
  await writeConcatList(list, runs);
  const setting = join(work, 'setting.y4m');
  const mask = join(work, 'mask.png');
  const mark = join(work, 'mark.png');
  await Promise.all([
    writeFile(setting, toY4m(grey(10, FRAME), FRAME, FRAME, 3)),
    sharp(Buffer.alloc(LOOK * LOOK, 255), { raw: { width: LOOK, height: LOOK, channels: 1 } }).png().toFile(mask),
    sharp({ create: { width: 4, height: 4, channels: 4, background: '#ffffff' } }).png().toFile(mark),
  ]);
  const frames = runs.reduce((sum, run) => sum + run.frames, 0);
  const graph = motionGraph({ x: String(AT.x), y: String(AT.y) }, watermark ? { left: 0, top: 0 } : null);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'concat', '-safe', '0', '-i', list, '-i', setting, '-i', mask, ...(watermark ? ['-i', mark] : [])];
  const chunks: Buffer[] = [];
  await runToolStreaming('ffmpeg', [...args, '-filter_complex', graph, '-map', '[v]', '-t', (frames / FPS).toFixed(3), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {}, (chunk) => chunks.push(chunk));
  const raw = Buffer.concat(chunks);
  const size = FRAME * FRAME;
  const centre = (AT.y + LOOK / 2) * FRAME + AT.x + LOOK / 2;
  return Array.from({ length: Math.floor(raw.length / size) }, (_, f) => raw[f * size + centre]!);
}

describe('motionGraph', () => {
  it('shows on every frame the look planned for it, over a clip of 300 frames in runs of 1 to 4', { timeout: 120_000 }, async () => {
    // 20 looks of distinct greys, held in an irregular pattern, as a voice's mouth shapes are.
    const levels = Array.from({ length: 20 }, (_, i) => 40 + i * 10);
    await Promise.all(levels.map((level, i) => writeFile(join(work, `look-${i}.y4m`), toY4m(grey(level, LOOK), LOOK, LOOK, 3))));
    const runs: StillRun[] = [];
    const planned: number[] = [];
    for (let n = 0; planned.length < 300; n += 1) {
      const look = (n * 7) % levels.length;
      const frames = 1 + ((n * 5) % 4);
      runs.push({ file: join(work, `look-${look}.y4m`), frames });
      for (let f = 0; f < frames; f += 1) planned.push(levels[look]!);
    }
    const shown = await renderCentres(runs, false);
    expect(shown).toHaveLength(planned.length);
    // Converted to YUV and back a grey may move by a level or two; neighbouring looks are 10 apart.
    const wrong = shown.map((level, f) => (Math.abs(level - planned[f]!) > 3 ? f : -1)).filter((f) => f >= 0);
    expect(wrong, `frames showing another look than planned`).toEqual([]);
  });

  it('lays the watermark over the moving presenter without changing the frame count', { timeout: 120_000 }, async () => {
    await writeFile(join(work, 'only.y4m'), toY4m(grey(120, LOOK), LOOK, LOOK, 3));
    const shown = await renderCentres([{ file: join(work, 'only.y4m'), frames: 50 }], true);
    expect(shown).toHaveLength(50);
    expect(new Set(shown.map((level) => Math.round(level / 4)))).toEqual(new Set([30]));
  });
});
