import { mediaDurationSeconds } from '../media-duration.ts';
import { decodePcm } from './pcm.ts';

export interface EnvelopeOptions {
  /** Decoding rate; 16 kHz is plenty for loudness. */
  sampleRate?: number;
  /** Known duration in seconds (skips a probe); the frame count is ceil(duration × fps). */
  durationSeconds?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Loudness per video frame, 0 to 1: the RMS of the audio under each frame divided by the loudest
 * frame's (all zeros for silence). Length is ceil(duration × fps), duration from the container as
 * the renderer sees it; frames past the decoded audio are 0.
 */
export async function loudnessEnvelope(audioFile: string, fps: number, options: EnvelopeOptions = {}): Promise<number[]> {
  if (!Number.isFinite(fps) || fps <= 0) throw new RangeError(`fps must be a positive number (got ${fps})`);
  const sampleRate = options.sampleRate ?? 16_000;
  const [{ samples }, durationSeconds] = await Promise.all([
    decodePcm(audioFile, { sampleRate, timeoutMs: options.timeoutMs ?? 60_000, signal: options.signal }),
    options.durationSeconds ?? mediaDurationSeconds(audioFile),
  ]);
  const seconds = durationSeconds > 0 ? durationSeconds : samples.length / sampleRate;
  return frameRms(samples, sampleRate, fps, Math.ceil(seconds * fps - 1e-6));
}

/** How many video frames (at 25 fps) show audio of this length: every frame that begins before it ends. */
export function videoFrameCount(durationSeconds: number, fps = 25): number {
  return Math.max(1, Math.ceil(durationSeconds * fps - 1e-6));
}

/** RMS of each frame's samples, normalised so the loudest frame is 1. */
export function frameRms(samples: ArrayLike<number>, sampleRate: number, fps: number, frameCount: number): number[] {
  const values: number[] = [];
  for (let frame = 0; frame < frameCount; frame++) {
    const start = Math.floor((frame * sampleRate) / fps);
    const end = Math.min(samples.length, Math.floor(((frame + 1) * sampleRate) / fps));
    let sum = 0;
    for (let i = start; i < end; i++) {
      const v = (samples[i] ?? 0) / 32768;
      sum += v * v;
    }
    values.push(end > start ? Math.sqrt(sum / (end - start)) : 0);
  }
  const loudest = values.reduce((max, v) => Math.max(max, v), 0);
  return loudest > 0 ? values.map((v) => v / loudest) : values;
}

export interface MouthOptions {
  /** Opens when loudness reaches this fraction of the clip's loudest frame. */
  openThreshold?: number;
  /** Closes again only when loudness falls below this fraction (lower than openThreshold). */
  closeThreshold?: number;
  /** Shortest run of open or closed frames; shorter runs join their neighbours. */
  minRunFrames?: number;
}

/**
 * Mouth open (true) or closed per frame. Thresholds are relative to the envelope's maximum, so
 * quiet and loud clips animate alike; hysteresis and a minimum run length stop flicker.
 */
export function mouthOpenFrames(envelope: readonly number[], options: MouthOptions = {}): boolean[] {
  const openAt = options.openThreshold ?? 0.3;
  const closeAt = Math.min(options.closeThreshold ?? 0.15, openAt);
  const minRun = Math.max(1, Math.floor(options.minRunFrames ?? 2));
  const loudest = envelope.reduce((max, v) => (Number.isFinite(v) ? Math.max(max, v) : max), 0);
  if (loudest <= 0) return envelope.map(() => false);

  const open: boolean[] = [];
  let isOpen = false;
  for (const raw of envelope) {
    const level = Number.isFinite(raw) ? raw / loudest : 0;
    isOpen = isOpen ? level >= closeAt : level >= openAt;
    open.push(isOpen);
  }
  return minRun > 1 ? joinShortRuns(open, minRun) : open;
}

interface Run {
  value: boolean;
  length: number;
}

/**
 * One pass over the runs: a run shorter than minRun takes the state of the run before it (the first
 * run takes the next one's), merging the three into one; a lone clip shorter than minRun stays.
 */
function joinShortRuns(states: readonly boolean[], minRun: number): boolean[] {
  const merged: Run[] = [];
  const settle = (): void => {
    // The run before the newest is final now; fold it away if it is too short.
    const before = merged.at(-2);
    const last = merged.at(-1);
    if (!before || !last || before.length >= minRun) return;
    const earlier = merged.at(-3);
    if (earlier) {
      earlier.length += before.length + last.length;
      merged.splice(-2, 2);
    } else {
      last.length += before.length;
      merged.splice(-2, 1);
    }
  };
  for (const value of states) {
    const last = merged.at(-1);
    if (last && last.value === value) {
      last.length++;
    } else {
      merged.push({ value, length: 1 });
      settle();
    }
  }
  const last = merged.at(-1);
  const before = merged.at(-2);
  if (last && before && last.length < minRun) {
    before.length += last.length;
    merged.pop();
  }
  return merged.flatMap((run) => Array<boolean>(run.length).fill(run.value));
}
