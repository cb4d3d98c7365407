import { describe, expect, it } from 'vitest';
import { countWords, fallbackSceneDuration, sceneCountFor, sceneDurationFor, voiceClipLengthFor } from './scene-plan.ts';

describe('scene plan rules (customer spec §9)', () => {
  it.each([
    [20, 3, 6.7],
    [25, 3, 8.3],
    [30, 3, 10],
    [35, 4, 8.8],
    [40, 4, 10],
    [45, 5, 9],
    [55, 6, 9.2],
  ])('a %i s reel has %i scenes of %s s', (reel, count, duration) => {
    expect(sceneCountFor(reel)).toBe(count);
    expect(sceneDurationFor(reel)).toBe(duration);
  });

  it('clamps scene duration to 6–10 s', () => {
    expect(sceneDurationFor(10)).toBe(6);
    expect(sceneDurationFor(33)).toBe(8.3);
  });

  it('picks the nearer voice clip length and the fallback duration', () => {
    expect(voiceClipLengthFor(6.7)).toBe(5);
    expect(voiceClipLengthFor(8)).toBe(10);
    expect(voiceClipLengthFor(7.5)).toBe(5);
    expect(fallbackSceneDuration(7)).toBe(5);
    expect(fallbackSceneDuration(8)).toBe(10);
  });

  it('counts words by whitespace', () => {
    expect(countWords('  one two\nthree\tfour ')).toBe(4);
    expect(countWords('   ')).toBe(0);
  });
});
