import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, runFfmpeg } from '../ffmpeg.ts';
import { frameRms, loudnessEnvelope, mouthOpenFrames } from './envelope.ts';

let dir: string;
let stepped: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-audio-test-'));
  stepped = await steppedTone();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** 1 s silence, 1 s quiet tone, 1 s loud tone, 0.5 s silence; as AAC like the voiceover. */
async function steppedTone(): Promise<string> {
  const file = join(dir, 'stepped.m4a');
  const expr = "if(lt(t,1),0,if(lt(t,2),0.1,0.8))*sin(2*PI*220*t)*lt(t,3)";
  await runFfmpeg(['-f', 'lavfi', '-i', `aevalsrc='${expr}':s=44100:d=3.5`, '-ac', '1', '-c:a', 'aac', '-b:a', '64k', file], { timeoutMs: 30_000 });
  return file;
}

describe('loudnessEnvelope', () => {
  it('gives one value per video frame, louder parts scoring higher', async () => {
    const envelope = await loudnessEnvelope(stepped, 25);
    // 3.5 s at 25 fps; the AAC container may add a frame or two of padding to the duration.
    expect(envelope.length).toBeGreaterThanOrEqual(88);
    expect(envelope.length).toBeLessThanOrEqual(90);
    expect(envelope.every((v) => v >= 0 && v <= 1)).toBe(true);
    const mean = (from: number, to: number): number => envelope.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
    const silent = mean(2, 23);
    const quiet = mean(28, 48);
    const loud = mean(53, 73);
    const tail = mean(78, 87);
    expect(silent).toBeLessThan(0.02);
    expect(tail).toBeLessThan(0.02);
    expect(quiet).toBeGreaterThan(0.08);
    expect(loud).toBeGreaterThan(0.8);
    expect(loud / quiet).toBeGreaterThan(5);
    expect(Math.max(...envelope)).toBeCloseTo(1, 5);
  });

  it('uses ceil(duration × fps) frames, with a known duration or the probed one', async () => {
    expect(await loudnessEnvelope(stepped, 30, { durationSeconds: 3.5 })).toHaveLength(105);
    expect(await loudnessEnvelope(stepped, 24, { durationSeconds: 3.51 })).toHaveLength(85);
    expect(await loudnessEnvelope(stepped, 10, { durationSeconds: 4 })).toHaveLength(40);
    const probed = await loudnessEnvelope(stepped, 30);
    expect(probed.length).toBe(Math.ceil((await probe(stepped)).durationSeconds * 30 - 1e-6));
  });

  it('is all zeros for silence and refuses a bad frame rate', async () => {
    const file = join(dir, 'silence.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1', file], { timeoutMs: 30_000 });
    const envelope = await loudnessEnvelope(file, 25);
    expect(envelope).toHaveLength(25);
    expect(envelope.every((v) => v === 0)).toBe(true);
    await expect(loudnessEnvelope(file, 0)).rejects.toThrow(RangeError);
  });

  it('reports a missing file as a tool error', async () => {
    await expect(loudnessEnvelope(join(dir, 'missing.m4a'), 25, { durationSeconds: 1 })).rejects.toThrow(/ffmpeg exited/);
  });
});

describe('frameRms', () => {
  it('splits samples evenly into frames and normalises to the loudest', () => {
    const samples = Int16Array.from([...Array<number>(4).fill(1000), ...Array<number>(4).fill(-4000), ...Array<number>(4).fill(0)]);
    expect(frameRms(samples, 8, 2, 3)).toEqual([0.25, 1, 0]);
    expect(frameRms(samples, 8, 2, 4)).toEqual([0.25, 1, 0, 0]);
  });
});

describe('mouthOpenFrames', () => {
  const show = (frames: boolean[]): string => frames.map((open) => (open ? '#' : '.')).join('');

  it('opens on loud frames and stays open through small dips (hysteresis)', () => {
    // 0.2 is between the close (0.15) and open (0.3) thresholds: it keeps the state it finds.
    expect(show(mouthOpenFrames([0, 0.2, 0.5, 0.9, 0.2, 0.6, 0.1, 0, 0, 0.2, 0.2]))).toBe('..####.....');
  });

  it('thresholds follow the clip’s own loudness', () => {
    const loud = [0, 0.8, 0.9, 0.1, 0, 1, 0.7, 0];
    const quiet = loud.map((v) => v / 20);
    expect(mouthOpenFrames(quiet)).toEqual(mouthOpenFrames(loud));
  });

  it('never flickers: single open or closed frames join their neighbours', () => {
    expect(show(mouthOpenFrames([0, 0, 1, 0, 0, 0, 0]))).toBe('.......');
    expect(show(mouthOpenFrames([1, 1, 1, 0, 1, 1, 1]))).toBe('#######');
    const frames = mouthOpenFrames([1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0]);
    const runs = show(frames).match(/#+|\.+/g) ?? [];
    expect(runs.every((run) => run.length >= 2)).toBe(true);
  });

  it('applies a longer minimum run and custom thresholds', () => {
    expect(show(mouthOpenFrames([0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0], { minRunFrames: 3 }))).toBe('........###...');
    expect(show(mouthOpenFrames([0, 0.5, 0.5, 0, 1, 1], { openThreshold: 0.6, closeThreshold: 0.4 }))).toBe('....##');
  });

  it('keeps a short first run by joining it to the next one, and handles edge cases', () => {
    expect(show(mouthOpenFrames([1, 0, 0, 0]))).toBe('....');
    expect(mouthOpenFrames([])).toEqual([]);
    expect(mouthOpenFrames([0, 0, 0])).toEqual([false, false, false]);
    expect(mouthOpenFrames([1])).toEqual([true]);
    expect(mouthOpenFrames([Number.NaN, Number.NaN, 1, 1, 0, 0])).toEqual([false, false, true, true, false, false]);
    expect(show(mouthOpenFrames([0.9, 1, 0, 0], { minRunFrames: 1 }))).toBe('##..');
  });
});
