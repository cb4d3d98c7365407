import { describe, expect, it } from 'vitest';
import { accessibleColors } from './accessible-colors.ts';
import { contrastRatio } from './contrast.ts';
import { reel } from './theme.ts';

const palette = { ...accessibleColors, reel };
const white = '#ffffff';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and the same both ways', () => {
    expect(contrastRatio('#000000', white)).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#868e96')).toBe(1);
    // Mantine's default dimmed grey on white, as axe measures it.
    expect(contrastRatio('#868e96', white)).toBeCloseTo(3.32, 2);
    expect(contrastRatio(white, '#868e96')).toBe(contrastRatio('#868e96', white));
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => contrastRatio('red', white)).toThrow(/#rrggbb/);
  });
});

describe('the theme palette (WCAG AA, 4.5:1 for normal text)', () => {
  for (const [name, shades] of Object.entries(palette)) {
    it(`${name}: shade 6 reads on white, gray.0 and its own shade 0; shade 9 on its shades 1 and 2`, () => {
      for (const background of [white, '#f8f9fa', shades[0]]) expect(contrastRatio(shades[6], background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('dimmed text (gray.6) reads on the light grey and violet panels too', () => {
    for (const background of [palette.gray[1], reel[0]]) expect(contrastRatio(palette.gray[6], background)).toBeGreaterThanOrEqual(4.5);
  });
});
