import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './description-traits.ts';
import { meanAbsoluteDifference, readRgb } from './pixel-compare.ts';
import { sceneBackgroundSvg } from './scene-backgrounds.ts';

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('sceneBackgroundSvg', () => {
  it.each(SETTINGS)('%s renders at portrait and landscape sizes, with detail', async (setting) => {
    for (const [width, height] of [
      [1080, 1920],
      [1920, 1080],
      [360, 360],
    ] as const) {
      const png = await render(sceneBackgroundSvg(setting, { width, height }));
      const metadata = await sharp(png).metadata();
      expect([metadata.width, metadata.height]).toEqual([width, height]);
      // An illustrated room, not a flat fill: the pixel values spread.
      const { channels } = await sharp(png).stats();
      expect(Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(12);
    }
  });

  it.each(SETTINGS)('%s gives each of the four variations its own palette', async (setting) => {
    const images = await Promise.all([0, 1, 2, 3].map(async (variation) => readRgb(await render(sceneBackgroundSvg(setting, { width: 270, height: 480, variation })))));
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) expect(meanAbsoluteDifference(images[a]!, images[b]!)).toBeGreaterThan(2);
    }
  });

  it('draws the golden treatment differently from daylight', async () => {
    const daylight = await readRgb(await render(sceneBackgroundSvg('office', { width: 270, height: 480, treatment: 'daylight' })));
    const golden = await readRgb(await render(sceneBackgroundSvg('office', { width: 270, height: 480, treatment: 'golden' })));
    expect(meanAbsoluteDifference(daylight, golden)).toBeGreaterThan(5);
  });

  it('is deterministic', () => {
    expect(sceneBackgroundSvg('store', { width: 1080, height: 1920, variation: 2 })).toBe(sceneBackgroundSvg('store', { width: 1080, height: 1920, variation: 2 }));
  });
});
