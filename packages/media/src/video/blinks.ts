// Blinks for the local talking renderer. People blink about fifteen times a minute while they talk,
// a blink lasting 100–200 ms, and they tend to blink at a pause rather than mid-word: a blink comes
// every 2.5–5.5 s (seeded, so a clip renders the same twice), moved to the nearest pause within half a
// second when there is one, and lasts four frames at 25 fps (half shut, shut, shut, half shut). None
// ends within half a second of the clip's end, so a scene never cuts away mid-blink.
import { seededRandom } from '../avatars/drawing.ts';
import type { Box, RgbFrame } from './mouth-shapes.ts';

/** How shut the eyes are on each frame of a blink. */
export const BLINK_SHAPE: readonly number[] = [0.5, 1, 1, 0.5];
const MIN_GAP_SECONDS = 2.5;
const MAX_GAP_SECONDS = 5.5;
/** The first blink comes within this time of the clip's start. */
const FIRST_BLINK_SECONDS: readonly [number, number] = [0.8, 2.2];
/** How far a blink may move to fall in a pause. */
const PAUSE_REACH_SECONDS = 0.5;
/** No blink this close to the clip's end: a scene never cuts away mid-blink. */
const END_CLEAR_SECONDS = 0.5;

/**
 * How shut the eyes are on each of `frames` frames (0 open, 1 shut). `pauses` marks frames where
 * the voice rests (a blink moves to the nearest one within half a second); `seed` varies the rhythm
 * from clip to clip.
 */
export function blinkTrack(frames: number, fps: number, seed: string, pauses: readonly boolean[] = []): number[] {
  const track = new Array<number>(Math.max(0, frames)).fill(0);
  const random = seededRandom(`blinks|${seed}`);
  const between = (low: number, high: number) => low + random() * (high - low);
  const reach = Math.round(PAUSE_REACH_SECONDS * fps);
  const last = frames - BLINK_SHAPE.length - Math.round(END_CLEAR_SECONDS * fps);
  let at = Math.round(between(...FIRST_BLINK_SECONDS) * fps);
  while (at <= last) {
    const start = nearestPause(pauses, at, reach, last) ?? at;
    BLINK_SHAPE.forEach((shut, i) => (track[start + i] = shut));
    at = start + Math.round(between(MIN_GAP_SECONDS, MAX_GAP_SECONDS) * fps);
  }
  return track;
}

/** The pause frame nearest `at` within `reach` (and not after `last`), or null. */
function nearestPause(pauses: readonly boolean[], at: number, reach: number, last: number): number | null {
  for (let d = 0; d <= reach; d++) {
    for (const f of d === 0 ? [at] : [at - d, at + d]) {
      if (f >= 0 && f <= last && pauses[f]) return f;
    }
  }
  return null;
}

/**
 * `face` with its eyes `shut` of the way closed: the eyes-shut frame's box (where it differs from the
 * open-eyed picture) blended over the face. Half shut reads as the lid moving at 25 fps.
 */
export function blinkFrame(face: RgbFrame, eyesShut: RgbFrame, box: Box, shut: number): RgbFrame {
  const out = Buffer.from(face.data);
  paintBlink(out, face, eyesShut, box, shut);
  return { ...face, data: out };
}

/** Writes blinkFrame's box into `out` (which may be `face.data` itself: each pixel is read before it is written). */
export function paintBlink(out: Buffer, face: RgbFrame, eyesShut: RgbFrame, box: Box, shut: number): void {
  const { width, channels } = face;
  const keep = 1 - shut;
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const p = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) out[p + c] = Math.round(face.data[p + c]! * keep + eyesShut.data[p + c]! * shut);
    }
  }
}
