// The one set of output settings both the renderer and the merger use, so their files stream-copy together.
import { availableParallelism } from 'node:os';

export const FPS = 25;

/** How far from each end of a scene clip a join's transition reaches; the clip has a keyframe there. */
export const JOIN_SECONDS = 0.5;

/**
 * libx264 → H.264 High, yuv420p, constant 25 fps. `still` for footage made of still pictures.
 * `sceneClip`: a clip the merger joins (its length in seconds, or 0 for a join's own piece): no
 * B-frames, so decode order is display order and a stream copy can start and stop at any keyframe,
 * and keyframes JOIN_SECONDS from each end, where a fade or crossfade starts and ends. The merger then
 * encodes only the transitions and copies the rest (local-merger.ts).
 */
export function videoCodecArgs(options: { still: boolean; sceneClip?: number }): string[] {
  const clip = options.sceneClip;
  return [
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    ...(options.still ? ['-tune', 'stillimage'] : []),
    '-crf', '23',
    '-profile:v', 'high',
    '-pix_fmt', 'yuv420p',
    '-r', String(FPS),
    '-threads', String(Math.min(availableParallelism(), 4)),
    ...(clip === undefined ? [] : ['-bf', '0']),
    ...(clip && clip > 4 * JOIN_SECONDS ? ['-force_key_frames', `${JOIN_SECONDS},${(clip - JOIN_SECONDS).toFixed(3)}`] : []),
  ];
}

export type ChannelCount = 1 | 2;

/** AAC-LC 128 kb/s at 44.1 kHz, mono or stereo. */
export function audioCodecArgs(channels: ChannelCount): string[] {
  return ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', String(channels)];
}

/** Audio that is already AAC-LC at 44.1 kHz is copied: re-encoding costs time and adds loss, never quality. */
export function isCopyableAudio(audio: { aacLc: boolean; sampleRate: number; channels: number }): boolean {
  return audio.aacLc && audio.sampleRate === 44100 && (audio.channels === 1 || audio.channels === 2);
}

/** MP4 with the index at the front, so playback starts before the download ends. */
export const mp4Args: readonly string[] = ['-movflags', '+faststart', '-f', 'mp4'];
