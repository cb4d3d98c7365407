import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, runFfmpeg } from '../ffmpeg.ts';
import { downloadVideo } from './download.ts';
import { DEFAULT_DOWNLOAD_LIMITS } from './provider-config.ts';

// Outputs as Replicate's sync mode may send them (data: URIs), so no server is needed: the checks
// after the download are the subject. The length of an MP4 is read in-process, of anything else by ffprobe.
describe('downloadVideo', () => {
  let dir: string;
  let mp4: Buffer;
  let webm: Buffer;
  let m4a: Buffer;
  const asDataUri = (bytes: Buffer, type = 'video/mp4') => `data:${type};base64,${bytes.toString('base64')}`;
  const download = (url: string, name: string) => downloadVideo('replicate', url, join(dir, 'out', name), DEFAULT_DOWNLOAD_LIMITS, AbortSignal.timeout(30_000));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelsmith-download-test-'));
    const color = ['-f', 'lavfi', '-i', 'color=c=0x336699:s=64x112:r=25:d=1.2', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1.2'];
    await runFfmpeg([...color, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')]);
    await runFfmpeg([...color, '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest', join(dir, 'clip.webm')]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', '-c:a', 'aac', join(dir, 'voice.m4a')]);
    mp4 = await readFile(join(dir, 'clip.mp4'));
    webm = await readFile(join(dir, 'clip.webm'));
    m4a = await readFile(join(dir, 'voice.m4a'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps an MP4 and gives its length as ffprobe reads it', async () => {
    const got = await download(asDataUri(mp4), 'a.mp4');
    expect(await readFile(got.file)).toEqual(mp4);
    expect(got.durationSeconds).toBeCloseTo((await probe(join(dir, 'clip.mp4'))).durationSeconds, 2);
  });

  it('keeps a WebM, its length read by ffprobe', async () => {
    const got = await download(asDataUri(webm, 'video/webm'), 'b.webm');
    expect(got.durationSeconds).toBeGreaterThan(1.1);
    expect(got.durationSeconds).toBeLessThan(1.4);
  });

  it('refuses an MP4 that holds only sound, and an MP4 header over garbage', async () => {
    await expect(download(asDataUri(m4a), 'c.mp4')).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('no video stream') });
    const garbage = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 0x5a)]);
    await expect(download(asDataUri(garbage), 'd.mp4')).rejects.toMatchObject({ kind: 'bad_output', message: expect.stringContaining('could not be read') });
  });
});
