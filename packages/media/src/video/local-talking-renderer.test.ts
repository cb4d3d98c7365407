import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AspectRatio } from '@reelsmith/shared';
import type { TalkingVideoRequest } from '../engines.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { dimensionsFor } from '../video-size.ts';
import { LocalTalkingVideoRenderer, VideoRenderError } from './index.ts';
import {
  BURST,
  greyFrames,
  makeAvatarStills,
  makePhoto,
  makeSpeechAudio,
  meanDifference,
  MOUTH_BOX,
  streamsOf,
  topLevelBoxes,
} from './test-fixtures.ts';

let dir: string;
let stills: { closed: string; open: string };
let photo: string;
let audio6: string;
let audio4: string;
const renderer = new LocalTalkingVideoRenderer();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-video-test-'));
  [stills, photo, audio6, audio4] = await Promise.all([makeAvatarStills(dir), makePhoto(dir), makeSpeechAudio(dir, 6), makeSpeechAudio(dir, 4.3)]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function request(overrides: Partial<TalkingVideoRequest>): TalkingVideoRequest {
  return {
    imageFile: stills.closed,
    mouthOpenFile: stills.open,
    audioFile: audio6,
    aspect: '9:16',
    quality: 'standard',
    watermark: false,
    outFile: join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`),
    ...overrides,
  };
}

async function expectDeliverable(file: string, size: { width: number; height: number }, audioSeconds: number) {
  const { streams, durationSeconds } = await streamsOf(file);
  const video = streams.filter((s) => s.codec_type === 'video');
  const audio = streams.filter((s) => s.codec_type === 'audio');
  expect(video).toHaveLength(1);
  expect(audio).toHaveLength(1);
  expect(video[0]).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', r_frame_rate: '25/1', ...size });
  expect(audio[0]).toMatchObject({ codec_name: 'aac', sample_rate: '44100' });
  expect(Math.abs(durationSeconds - audioSeconds)).toBeLessThan(0.05);
  const boxes = await topLevelBoxes(file);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

describe('LocalTalkingVideoRenderer with an open-mouth frame', () => {
  it('renders a 9:16 standard clip of exactly the audio length, reporting progress up to 1', async () => {
    const progress: number[] = [];
    const req = request({ onProgress: (f) => progress.push(f) });
    const result = await renderer.render(req);
    expect(result).toMatchObject({ file: req.outFile, width: 360, height: 640 });
    expect(Math.abs(result.durationSeconds - 6)).toBeLessThan(0.05);
    await expectDeliverable(req.outFile, { width: 360, height: 640 }, 6);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((f) => f > 0 && f < 1)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('opens the mouth on loud audio and closes it in silence', async () => {
    const req = request({});
    await renderer.render(req);
    const frames = await greyFrames(req.outFile, MOUTH_BOX);
    const [closedRef] = await greyFrames(stills.closed, MOUTH_BOX);
    const [openRef] = await greyFrames(stills.open, MOUTH_BOX);
    const isOpen = (frame: Buffer) => meanDifference(frame, openRef!) < meanDifference(frame, closedRef!);
    const loud: boolean[] = [];
    const silent: boolean[] = [];
    frames.forEach((frame, n) => {
      const phase = (n / 25) % BURST.period;
      if (phase > 0.08 && phase < BURST.loud - 0.08) loud.push(isOpen(frame));
      if (phase > BURST.loud + 0.12 && phase < BURST.period - 0.04) silent.push(isOpen(frame));
    });
    expect(frames.length).toBe(150);
    expect(silent.length).toBeGreaterThan(20);
    expect(silent.every((open) => !open)).toBe(true);
    // While loud the mouth chatters (open most of the time, with short closes like syllables).
    expect(loud.filter(Boolean).length / loud.length).toBeGreaterThan(0.45);
    expect(loud.some((open) => !open)).toBe(true);
  });

  it('opens the mouth by the loudness the voiceover kept, without measuring the audio again', async () => {
    // Kept as the inverse of what the audio does: open in its pauses, shut while it is loud.
    const kept = Array.from({ length: 150 }, (_, n) => ((n / 25) % BURST.period < BURST.loud ? 0 : 1));
    const req = request({ loudness: kept });
    await renderer.render(req);
    const frames = await greyFrames(req.outFile, MOUTH_BOX);
    const [closedRef] = await greyFrames(stills.closed, MOUTH_BOX);
    const [openRef] = await greyFrames(stills.open, MOUTH_BOX);
    const isOpen = (frame: Buffer) => meanDifference(frame, openRef!) < meanDifference(frame, closedRef!);
    expect(frames.length).toBe(150);
    const whileLoud = frames.filter((_, n) => {
      const phase = (n / 25) % BURST.period;
      return phase > 0.08 && phase < BURST.loud - 0.08;
    });
    expect(whileLoud.length).toBeGreaterThan(40);
    expect(whileLoud.every((frame) => !isOpen(frame))).toBe(true);
    expect(frames.some(isOpen)).toBe(true);
  });

  it.each(['9:16', '16:9', '1:1', '4:3', '3:4'] as AspectRatio[])('fits the picture into %s at standard quality', async (aspect) => {
    const req = request({ aspect, audioFile: audio4 });
    const result = await renderer.render(req);
    const size = dimensionsFor(aspect, 'standard');
    expect(result).toMatchObject(size);
    await expectDeliverable(req.outFile, size, 4.3);
  });

  it('copies AAC 44.1 kHz voice audio and re-encodes anything else to AAC 44.1 kHz', async () => {
    const wav = join(dir, 'speech-48k.wav');
    await runFfmpeg(['-i', audio4, '-ar', '48000', '-ac', '2', wav]);
    const copied = request({ audioFile: audio4 });
    const encoded = request({ audioFile: wav });
    await Promise.all([renderer.render(copied), renderer.render(encoded)]);
    await expectDeliverable(copied.outFile, { width: 360, height: 640 }, 4.3);
    await expectDeliverable(encoded.outFile, { width: 360, height: 640 }, 4.3);
    const { streams } = await streamsOf(encoded.outFile);
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '44100', channels: 2 });
  });

  it('renders 1080×1920 at high quality', async () => {
    const req = request({ quality: 'high', audioFile: audio4 });
    const result = await renderer.render(req);
    expect(result).toMatchObject({ width: 1080, height: 1920 });
    await expectDeliverable(req.outFile, { width: 1080, height: 1920 }, 4.3);
  });

  it('burns a watermark into the bottom-right corner only', async () => {
    const plain = request({ audioFile: audio4 });
    const marked = request({ audioFile: audio4, watermark: true });
    await Promise.all([renderer.render(plain), renderer.render(marked)]);
    const corner = { x: 170, y: 590, width: 180, height: 40 };
    const topLeft = { x: 0, y: 0, width: 180, height: 40 };
    const [plainCorner] = await greyFrames(plain.outFile, corner);
    const [markedCorner] = await greyFrames(marked.outFile, corner);
    const [plainTop] = await greyFrames(plain.outFile, topLeft);
    const [markedTop] = await greyFrames(marked.outFile, topLeft);
    expect(meanDifference(plainCorner!, markedCorner!)).toBeGreaterThan(15);
    expect(meanDifference(plainTop!, markedTop!)).toBeLessThan(2);
  });
});

describe('LocalTalkingVideoRenderer without an open-mouth frame (uploaded photo)', () => {
  it('moves the picture gently over the clip', async () => {
    const req = request({ imageFile: photo, mouthOpenFile: null, watermark: true });
    const result = await renderer.render(req);
    await expectDeliverable(req.outFile, { width: 360, height: 640 }, 6);
    expect(result).toMatchObject({ width: 360, height: 640 });
    const whole = { x: 0, y: 0, width: 360, height: 560 };
    const frames = await greyFrames(req.outFile, whole);
    expect(meanDifference(frames[0]!, frames.at(-1)!)).toBeGreaterThan(5);
    // Gentle: neighbouring frames stay close.
    expect(meanDifference(frames[75]!, frames[76]!)).toBeLessThan(meanDifference(frames[0]!, frames.at(-1)!) / 4);
  });

  it('renders the photo path at high quality in another aspect', async () => {
    const req = request({ imageFile: photo, mouthOpenFile: null, aspect: '16:9', quality: 'high', audioFile: audio4 });
    await renderer.render(req);
    await expectDeliverable(req.outFile, { width: 1920, height: 1080 }, 4.3);
  });
});

describe('LocalTalkingVideoRenderer errors', () => {
  it('names a missing input', async () => {
    const err = await renderer.render(request({ imageFile: join(dir, 'nope.png') })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VideoRenderError);
    expect(err).toMatchObject({ code: 'missing-input' });
  });

  it('rejects audio it cannot read', async () => {
    const bogus = join(dir, 'bogus.m4a');
    await writeFile(bogus, 'not audio at all');
    for (const mouthOpenFile of [stills.open, null]) {
      const err = await renderer.render(request({ audioFile: bogus, mouthOpenFile })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VideoRenderError);
      expect(err).toMatchObject({ code: 'unreadable-audio' });
    }
  });

  it('rejects a picture it cannot read', async () => {
    const bogus = join(dir, 'bogus.png');
    await writeFile(bogus, 'not a picture');
    const err = await renderer.render(request({ imageFile: bogus })).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'VideoRenderError', code: 'unreadable-image' });
  });
});
