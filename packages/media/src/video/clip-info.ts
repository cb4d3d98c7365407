// What the merger needs to know of each clip: its length and frame, its audio, whether it can be
// stream-copied with the others, and where it may be cut without an encode. Read from the moov box
// in-process; ffprobe only for files that are not MP4.
import { access } from 'node:fs/promises';
import { probe } from '../ffmpeg.ts';
import { FPS } from './encoding.ts';
import { VideoRenderError } from './errors.ts';
import { readMp4Info, type Mp4Info } from './mp4-info.ts';

export interface ClipInfo {
  file: string;
  durationSeconds: number;
  width: number;
  height: number;
  /** 0 when the clip has no audio. */
  audioChannels: number;
  /** Clips with equal keys stream-copy together; null: never copy (re-encode instead). */
  copyKey: string | null;
  /**
   * Set when a stream copy can start or stop at any of `keyframes` with the cut landing exactly
   * there: constant FPS, no B-frames (decode order is display order). Frame n starts at n / FPS.
   */
  cuts: { frames: number; keyframes: number[]; avcC: Buffer } | null;
}

export async function describeClip(file: string): Promise<ClipInfo> {
  try {
    await access(file);
  } catch {
    throw new VideoRenderError('missing-input', `Clip not found: ${file}`);
  }
  const mp4 = await readMp4Info(file);
  if (mp4?.video && mp4.durationSeconds > 0) {
    const { video } = mp4;
    const { keyframes, avcC } = video;
    const cuttable = video.constantRate && !video.reordered && video.frameDelta > 0 && video.timescale === video.frameDelta * FPS;
    return {
      file,
      durationSeconds: mp4.durationSeconds,
      width: video.width,
      height: video.height,
      audioChannels: mp4.audio?.channels ?? 0,
      copyKey: copyKey(mp4),
      cuts: cuttable && keyframes && avcC ? { frames: video.frames, keyframes, avcC } : null,
    };
  }
  const info = await probe(file).catch((err: unknown) => {
    throw new VideoRenderError('unreadable-clip', `Cannot read the clip ${file}`, { cause: err });
  });
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height || !(info.durationSeconds > 0)) throw new VideoRenderError('unreadable-clip', `The clip ${file} holds no video`);
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  return { file, durationSeconds: info.durationSeconds, width: video.width, height: video.height, audioChannels: audio ? (audio.channels ?? 2) : 0, copyKey: null, cuts: null };
}

/** H.264 up to High profile (8-bit 4:2:0) with AAC-LC: the decoder set-up that must match across copied clips. */
export function copyKey({ video, audio }: Mp4Info): string | null {
  const profile = video?.avcC?.[1];
  if (video?.codec !== 'avc1' || !video.avcC || ![66, 77, 88, 100].includes(profile ?? 0)) return null;
  if (audio?.codec !== 'mp4a' || audio.objectType !== 2 || !audio.audioConfig) return null;
  return [video.avcC.toString('hex'), video.width, video.height, video.timescale, video.frameDelta, audio.audioConfig.toString('hex'), audio.sampleRate, audio.channels].join('|');
}
