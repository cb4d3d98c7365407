import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runTool } from '../ffmpeg.ts';
import { parseAudioSpecificConfig, readMp4Info } from './mp4-info.ts';
import { streamsOf } from './test-fixtures.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-mp4-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=f=330:r=44100:d=${seconds}`];

describe('readMp4Info', () => {
  it('agrees with ffprobe on an H.264/AAC clip, with or without faststart', async () => {
    for (const faststart of [true, false]) {
      const file = join(dir, `clip-${faststart}.mp4`);
      await runFfmpeg([
        '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=25:d=3', ...tone(3),
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-c:a', 'aac', '-ac', '1',
        ...(faststart ? ['-movflags', '+faststart'] : []), file,
      ]);
      const info = await readMp4Info(file);
      const probed = await streamsOf(file);
      expect(info?.durationSeconds).toBeCloseTo(probed.durationSeconds, 3);
      expect(info?.video).toMatchObject({ codec: 'avc1', width: 360, height: 640 });
      expect(info!.video!.timescale / info!.video!.frameDelta).toBe(25);
      expect(info?.video?.avcC?.[1]).toBe(66);
      expect(info?.audio).toMatchObject({ codec: 'mp4a', sampleRate: 44100, channels: 1, objectType: 2 });
    }
  });

  it('counts frames and finds the keyframes and B-frames as ffprobe sees them', async () => {
    for (const bFrames of [0, 3]) {
      const file = join(dir, `keys-${bFrames}.mp4`);
      await runFfmpeg([
        '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=3.1',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-bf', String(bFrames), '-g', '250', '-force_key_frames', '0.5,2.6',
        '-movflags', '+faststart', file,
      ]);
      const { stdout } = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=flags', '-of', 'csv=p=0', file]);
      const flags = stdout.trim().split('\n');
      const video = (await readMp4Info(file))!.video!;
      expect(video.frames).toBe(flags.length);
      expect(video.frames).toBe(78);
      expect(video.keyframes).toEqual(flags.flatMap((f, i) => (f.startsWith('K') ? [i] : [])));
      expect(video.keyframes).toEqual([0, 13, 65]);
      expect(video.constantRate).toBe(true);
      expect(video.reordered).toBe(bFrames > 0);
    }
  });

  it('reads an audio-only M4A (real channel count, not the sample entry’s)', async () => {
    const file = join(dir, 'voice.m4a');
    await runFfmpeg([...tone(2.5), '-ac', '2', '-ar', '48000', '-c:a', 'aac', file]);
    const info = await readMp4Info(file);
    expect(info?.video).toBeNull();
    expect(info?.audio).toMatchObject({ sampleRate: 48000, channels: 2, objectType: 2 });
    expect(info?.durationSeconds).toBeCloseTo((await streamsOf(file)).durationSeconds, 3);
  });

  it('returns null for files that are not MP4', async () => {
    const wav = join(dir, 'voice.wav');
    await runFfmpeg([...tone(1), wav]);
    const junk = join(dir, 'junk.mp4');
    await writeFile(junk, 'definitely not a movie');
    expect(await readMp4Info(wav)).toBeNull();
    expect(await readMp4Info(junk)).toBeNull();
    expect(await readMp4Info(join(dir, 'missing.mp4'))).toBeNull();
  });
});

describe('parseAudioSpecificConfig', () => {
  it('reads object type, rate and channels', () => {
    expect(parseAudioSpecificConfig(Buffer.from('1208', 'hex'))).toEqual({ objectType: 2, sampleRate: 44100, channels: 1 });
    expect(parseAudioSpecificConfig(Buffer.from('1190', 'hex'))).toEqual({ objectType: 2, sampleRate: 48000, channels: 2 });
    expect(parseAudioSpecificConfig(Buffer.from('12', 'hex'))).toBeNull();
  });
});
