import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaToolError, probe, runFfmpeg } from './ffmpeg.ts';
import { mediaDurationSeconds } from './media-duration.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-duration-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=f=220:r=44100:d=${seconds}`];

describe('mediaDurationSeconds', () => {
  it('agrees with ffprobe on M4A (read in-process), MP3 and WAV (asked of ffprobe)', async () => {
    const files = {
      m4a: [...tone(2.3), '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'],
      mp3: [...tone(1.7), '-c:a', 'libmp3lame', '-b:a', '128k'],
      wav: [...tone(0.9), '-c:a', 'pcm_s16le'],
    };
    for (const [ext, args] of Object.entries(files)) {
      const file = join(dir, `tone.${ext}`);
      await runFfmpeg([...args, file]);
      const [ours, probed] = await Promise.all([mediaDurationSeconds(file), probe(file)]);
      expect(ours, ext).toBeGreaterThan(0.5);
      expect(ours, ext).toBeCloseTo(probed.durationSeconds, 3);
    }
  });

  it('refuses a file that is not media, as ffprobe does', async () => {
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'not a sound at all');
    await expect(mediaDurationSeconds(file)).rejects.toBeInstanceOf(MediaToolError);
  });
});
