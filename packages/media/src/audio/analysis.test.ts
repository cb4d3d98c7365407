import { describe, expect, it } from 'vitest';
import { medianPitchHz, peak, rms, zeroCrossingRate } from './analysis.ts';

const RATE = 16_000;
function sine(hz: number, seconds: number, amplitude = 0.5): Int16Array {
  return Int16Array.from({ length: Math.round(RATE * seconds) }, (_, i) => Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / RATE)));
}

describe('signal measurements', () => {
  it('measures level', () => {
    expect(rms(sine(200, 1))).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(peak(sine(200, 1))).toBeCloseTo(0.5, 2);
    expect(rms(new Int16Array(0))).toBe(0);
  });

  it('finds the pitch of a tone, and of a tone with a strong overtone, without octave errors', () => {
    expect(medianPitchHz(sine(110, 0.5), RATE)).toBeCloseTo(110, -1);
    expect(medianPitchHz(sine(220, 0.5), RATE)).toBeCloseTo(220, -1);
    const a = sine(150, 0.5, 0.4);
    const b = sine(300, 0.5, 0.3);
    expect(medianPitchHz(a.map((v, i) => v + (b[i] ?? 0)), RATE)).toBeCloseTo(150, -1);
    expect(medianPitchHz(new Int16Array(RATE), RATE)).toBeNull();
  });

  it('counts zero crossings per second', () => {
    expect(zeroCrossingRate(sine(300, 1), RATE)).toBeCloseTo(600, -1);
  });
});
