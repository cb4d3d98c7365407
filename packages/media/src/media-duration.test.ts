import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaToolError, probe, runFfmpeg } from './ffmpeg.ts';
import { audioKindOf, mediaDurationSeconds, readAudioDuration } from './media-duration.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-duration-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tone = (seconds: number, rate = 44100) => ['-f', 'lavfi', '-i', `sine=f=330:r=${rate}:d=${seconds}`];

async function made(name: string, args: string[]): Promise<string> {
  const file = join(dir, name);
  await runFfmpeg([...args, file]);
  return file;
}

describe('mediaDurationSeconds', () => {
  it('agrees with ffprobe on M4A, on MP3 with an Info header (MPEG-1 and MPEG-2), on CBR MP3 without one, and on WAV', async () => {
    const files = await Promise.all([
      made('tone.m4a', [...tone(2.3), '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart']),
      // What voiceAsMp3 sends the talking-video hosts, and what the fakes answer with.
      made('lame-128k.mp3', [...tone(1.7), '-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100']),
      made('lame-22k-stereo.mp3', [...tone(3.3, 22050), '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '32k']),
      // A stream as a TTS service sends it: no Xing/Info frame and no ID3 tag.
      made('bare-cbr.mp3', [...tone(2.6), '-c:a', 'libmp3lame', '-b:a', '128k', '-write_xing', '0', '-id3v2_version', '0']),
      made('tone.wav', [...tone(0.9), '-c:a', 'pcm_s16le']),
      made('tone-16k.wav', [...tone(1.25, 16000), '-c:a', 'pcm_s16le']),
    ]);
    for (const file of files) {
      const [ours, probed] = await Promise.all([mediaDurationSeconds(file), probe(file)]);
      expect(ours, file).toBeGreaterThan(0.5);
      expect(ours, file).toBeCloseTo(probed.durationSeconds, 3);
    }
  });

  it('counts the frames of a VBR MP3 without a header, which ffprobe only estimates from its first bitrate', async () => {
    const file = await made('bare-vbr.mp3', [...tone(3.3), '-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0']);
    const ours = await mediaDurationSeconds(file);
    // 3.3 s of sound plus the encoder's delay and padding: whole frames of 1,152 samples.
    expect(ours).toBeGreaterThanOrEqual(3.3);
    expect(ours).toBeLessThan(3.3 + 0.08);
    expect(Math.round((ours * 44100) / 1152) * 1152).toBeCloseTo(ours * 44100, 0);
    // ffprobe's estimate for the same file is off (bytes ÷ the first frame's bitrate): this length was read here.
    expect(Math.abs((await probe(file)).durationSeconds - ours)).toBeGreaterThan(0.05);
  });

  it('refuses a file that is not media, as ffprobe does, also behind an MP3 or WAV signature', async () => {
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'not a sound at all');
    await expect(mediaDurationSeconds(notes)).rejects.toBeInstanceOf(MediaToolError);
    const fakeId3 = join(dir, 'fake-id3.mp3');
    await writeFile(fakeId3, Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x10'), Buffer.alloc(64, 0x41)]));
    await expect(mediaDurationSeconds(fakeId3)).rejects.toBeInstanceOf(MediaToolError);
    const fakeWav = join(dir, 'fake.wav');
    await writeFile(fakeWav, Buffer.concat([Buffer.from('RIFF\xff\xff\xff\x7fWAVE', 'latin1'), Buffer.alloc(32, 0x20)]));
    await expect(mediaDurationSeconds(fakeWav)).rejects.toBeInstanceOf(MediaToolError);
    await expect(mediaDurationSeconds(join(dir, 'missing.mp3'))).rejects.toBeInstanceOf(MediaToolError);
  });

  it('reads a cut-off MP3 without a header as the frames it holds', async () => {
    const whole = await made('whole.mp3', [...tone(4), '-c:a', 'libmp3lame', '-b:a', '128k', '-write_xing', '0', '-id3v2_version', '0']);
    const bytes = await readFile(whole);
    const half = join(dir, 'half.mp3');
    await writeFile(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const seconds = await mediaDurationSeconds(half);
    expect(seconds).toBeGreaterThan(1.8);
    expect(seconds).toBeLessThan(2.2);
  });
});

describe('readAudioDuration', () => {
  it('leaves MP4 and other files to the other readers', async () => {
    const m4a = await made('voice.m4a', [...tone(1), '-c:a', 'aac']);
    expect(await readAudioDuration(m4a)).toBeNull();
    expect(await readAudioDuration(join(dir, 'nowhere.wav'))).toBeNull();
  });

  it('tells MP3 and WAV by their first bytes', () => {
    expect(audioKindOf(Buffer.from('ID3\x04\x00', 'latin1'))).toBe('mp3');
    expect(audioKindOf(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(audioKindOf(Buffer.from([0xff, 0xf3, 0x40, 0xc4]))).toBe('mp3');
    expect(audioKindOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBe('wav');
    // ADTS AAC shares the sync word but has layer 00; an MP4 starts with a box.
    expect(audioKindOf(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull();
    expect(audioKindOf(Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1'))).toBeNull();
    expect(audioKindOf(Buffer.from('RIFF\x24\x00\x00\x00AVI LIST', 'latin1'))).toBeNull();
  });
});
