import { describe, expect, it } from 'vitest';
import { BLINK_SHAPE, blinkTrack } from './blinks.ts';

/** Start frames of the blinks in a track. */
function starts(track: readonly number[]): number[] {
  return track.flatMap((shut, f) => (shut > 0 && !(track[f - 1]! > 0) ? [f] : []));
}

describe('blinkTrack', () => {
  it('blinks at natural intervals, each blink the same short shape', () => {
    const fps = 25;
    const track = blinkTrack(60 * fps, fps, 'scene-1');
    const at = starts(track);
    // About fifteen a minute (2.5–5.5 s apart gives 11–24).
    expect(at.length).toBeGreaterThanOrEqual(11);
    expect(at.length).toBeLessThanOrEqual(24);
    expect(at[0]! / fps).toBeGreaterThanOrEqual(0.8);
    expect(at[0]! / fps).toBeLessThanOrEqual(2.2);
    for (let i = 1; i < at.length; i++) {
      const gap = (at[i]! - at[i - 1]!) / fps;
      expect(gap).toBeGreaterThanOrEqual(2.5 - 0.04);
      expect(gap).toBeLessThanOrEqual(5.5 + 0.04);
    }
    for (const start of at) expect(track.slice(start, start + BLINK_SHAPE.length)).toEqual(BLINK_SHAPE);
    // Everything else open.
    expect(track.filter((s) => s > 0)).toHaveLength(at.length * BLINK_SHAPE.length);
  });

  it('renders the same clip the same way and varies between clips', () => {
    expect(blinkTrack(500, 25, 'a')).toEqual(blinkTrack(500, 25, 'a'));
    expect(starts(blinkTrack(500, 25, 'a'))).not.toEqual(starts(blinkTrack(500, 25, 'b')));
  });

  it('moves a blink to a nearby pause in the voice', () => {
    const fps = 25;
    const free = starts(blinkTrack(400, fps, 'pause'));
    const first = free[0]!;
    // A pause 8 frames (0.32 s) after the first blink's own time, none before it.
    const pauses = Array.from({ length: 400 }, (_, f) => f >= first + 8 && f < first + 14);
    const moved = starts(blinkTrack(400, fps, 'pause', pauses));
    expect(moved[0]).toBe(first + 8);
    // A pause farther than half a second does not pull it.
    const far = Array.from({ length: 400 }, (_, f) => f === first + 20);
    expect(starts(blinkTrack(400, fps, 'pause', far))[0]).toBe(first);
  });

  it('leaves a clip too short for a blink open and ends every blink half a second before the clip does', () => {
    expect(blinkTrack(15, 25, 'short').every((s) => s === 0)).toBe(true);
    for (const frames of [30, 57, 120, 251, 449]) {
      const track = blinkTrack(frames, 25, `len-${frames}`);
      expect(track).toHaveLength(frames);
      const at = starts(track);
      for (const start of at) expect(start + BLINK_SHAPE.length).toBeLessThanOrEqual(frames - 12);
      // A pause at the very end does not pull a blink there either.
      const pauses = Array.from({ length: frames }, (_, f) => f >= frames - 6);
      for (const start of starts(blinkTrack(frames, 25, `len-${frames}`, pauses))) expect(start + BLINK_SHAPE.length).toBeLessThanOrEqual(frames - 12);
    }
    expect(blinkTrack(0, 25, 'none')).toEqual([]);
  });
});
