// The one set of output settings both the renderer and the merger use, so their files stream-copy together.
import { availableParallelism } from 'node:os';

export const FPS = 25;

/** libx264 → H.264 High, yuv420p, constant 25 fps. `still` for footage made of still pictures. */
export function videoCodecArgs(options: { still: boolean }): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    ...(options.still ? ['-tune', 'stillimage'] : []),
    '-crf', '23',
    '-profile:v', 'high',
    '-pix_fmt', 'yuv420p',
    '-r', String(FPS),
    '-threads', String(Math.min(availableParallelism(), 4)),
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
