// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test (run in Node) reads the stylesheet it checks
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessibleColors } from './accessible-colors.ts';
import { contrastRatio } from './contrast.ts';
import { reel } from './theme.ts';

const css = readFileSync(new URL('./menu-items.css', import.meta.url), 'utf8');

/** CSS `color-mix(in srgb, a p%, b)`: each gamma-encoded channel mixed, p of a. */
function mixSrgb(a: string, b: string, share: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(channel(a, i) * share + channel(b, i) * (1 - share)).toString(16).padStart(2, '0')).join('')}`;
}

describe('a hovered coloured menu item', () => {
  const match = /color-mix\(in srgb, var\(--menu-item-color\) (\d+(?:\.\d+)?)%, (#[0-9a-f]{6})\)/.exec(css);

  it('is tinted with its own colour over white', () => {
    expect(match).not.toBeNull();
  });

  for (const [name, shades] of Object.entries({ ...accessibleColors, reel })) {
    it(`${name}: the item's text (shade 6) reads at 4.5:1 on its hover tint`, () => {
      const background = mixSrgb(shades[6], match![2]!, Number(match![1]) / 100);
      expect(contrastRatio(shades[6], background)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("is needed: Mantine's own hover background (shade 2) fails for red", () => {
    expect(contrastRatio(accessibleColors.red[6], accessibleColors.red[2])).toBeLessThan(4.5);
  });
});
