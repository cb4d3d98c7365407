import { describe, expect, it } from 'vitest';
import { dimensionsFor } from './video-size.ts';

describe('dimensionsFor', () => {
  it.each([
    ['9:16', 'standard', 360, 640],
    ['9:16', 'high', 1080, 1920],
    ['16:9', 'standard', 640, 360],
    ['16:9', 'high', 1920, 1080],
    ['1:1', 'standard', 360, 360],
    ['4:3', 'high', 1440, 1080],
    ['3:4', 'standard', 360, 480],
  ] as const)('%s %s is %ix%i', (aspect, quality, width, height) => {
    expect(dimensionsFor(aspect, quality)).toEqual({ width, height });
  });
});
