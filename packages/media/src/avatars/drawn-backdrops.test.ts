import { describe, expect, it } from 'vitest';
import sharp from '../sharp.ts';
import { drawnBackdrop, keptBackdrops, rawPixels } from './drawn-backdrops.ts';
import { sceneBackgroundSvg } from './scene-backgrounds.ts';

const kitchen = (variation: number) => sceneBackgroundSvg('kitchen', { width: 540, height: 960, variation, treatment: 'golden' });

describe('drawnBackdrop', () => {
  it('answers a setting drawn before with the same pixels as drawing it again, and keeps each distinct setting once', async () => {
    const svg = kitchen(2);
    const fresh = await rawPixels(sharp(Buffer.from(svg)));
    const before = keptBackdrops();
    const first = await drawnBackdrop(svg);
    expect(keptBackdrops()).toBe(before + 1);
    const again = await drawnBackdrop(svg);
    expect(keptBackdrops()).toBe(before + 1);
    for (const image of [first, again]) {
      expect([image.width, image.height]).toEqual([540, 960]);
      expect(image.data.equals(fresh.data)).toBe(true);
    }
    // A buffer of its own each time: a caller drawing on it cannot change what the next one gets.
    expect(again.data).not.toBe(first.data);
  });

  it('keeps another palette of the same setting apart', async () => {
    const [a, b] = [await drawnBackdrop(kitchen(0)), await drawnBackdrop(kitchen(1))];
    expect(a.data.equals(b.data)).toBe(false);
    expect(a.data.equals((await rawPixels(sharp(Buffer.from(kitchen(0))))).data)).toBe(true);
  });

  it('keeps nothing for a picture it cannot draw', async () => {
    const before = keptBackdrops();
    await expect(drawnBackdrop('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect')).rejects.toThrow();
    expect(keptBackdrops()).toBe(before);
  });
});
