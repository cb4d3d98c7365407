// How long a media file plays. MP4 and M4A (our own voices, renders and merges) are read in-process
// from the `moov` box; anything else (MP3, WAV, WebM) asks ffprobe. Starting ffprobe costs 0.1–0.2 s
// of CPU each time, and a reel's pipeline asks for lengths dozens of times.
import { probe } from './ffmpeg.ts';
import { readMp4Info } from './video/mp4-info.ts';

export async function mediaDurationSeconds(file: string): Promise<number> {
  const mp4 = await readMp4Info(file);
  if (mp4 && mp4.durationSeconds > 0) return mp4.durationSeconds;
  return (await probe(file)).durationSeconds;
}
