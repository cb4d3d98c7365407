// How long a media file plays, read in-process where we can: every ffprobe start costs 0.1–0.2 s of CPU
// on this project's machines (dynamic linking of ~215 libraries) before it reads a byte.
import { open } from 'node:fs/promises';
import type { parseFile } from 'music-metadata';
import { probe } from './ffmpeg.ts';
import { lazyClient } from './providers/lazy-client.ts';
import { readMp4Info } from './video/mp4-info.ts';

type AudioKind = 'mp3' | 'wav';

/** MP3 (an ID3v2 tag or an MPEG audio frame's sync word) or WAV (RIFF…WAVE), from the first bytes. */
export function audioKindOf(head: Uint8Array): AudioKind | null {
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return 'mp3';
  // Frame sync (11 bits), then a layer that is not 'reserved' (Layer III is 01).
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2) return 'mp3';
  return null;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

// Loaded on the first MP3 or WAV: most processes (the web server, a worker rendering locally) never read one.
const audioParser = lazyClient<typeof parseFile>(async () => (await import('music-metadata')).parseFile);

/** The file's first `count` bytes (fewer when it is shorter), or null when it cannot be read. */
async function firstBytes(file: string, count: number): Promise<Uint8Array | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const bytes = new Uint8Array(count);
    const { bytesRead } = await handle.read(bytes, 0, count, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * An MP3's or WAV's length read in-process (music-metadata: an MP3's Xing/Info or VBRI frame count, or
 * every frame counted when it has neither), or null for other files and for ones it cannot read.
 */
export async function readAudioDuration(file: string): Promise<number | null> {
  const head = await firstBytes(file, 12);
  if (!head || !audioKindOf(head)) return null;
  try {
    const parse = await audioParser();
    const { format } = await parse(file, { duration: true, skipCovers: true, skipPostHeaders: true });
    const seconds = format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * How long a media file plays: MP4/M4A (our voices, renders and merges) from its `moov` box, MP3 and WAV
 * (provider voices, the talking-video hosts' audio) from their headers or frames, anything else (WebM,
 * a file none of those readers knows) asked of ffprobe, which also refuses what is not media.
 */
export async function mediaDurationSeconds(file: string): Promise<number> {
  const mp4 = await readMp4Info(file);
  if (mp4 && mp4.durationSeconds > 0) return mp4.durationSeconds;
  const audio = await readAudioDuration(file);
  if (audio !== null) return audio;
  return (await probe(file)).durationSeconds;
}
