import { describe, expect, it } from 'vitest';
import { patchY4m, toY4m } from './stills.ts';

function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
  return { data, width, height, channels: 3 };
}

describe('patchY4m', () => {
  it('gives the same still as converting the whole changed picture, areas on odd pixels included', () => {
    const base = picture(64, 48, (x, y) => [x * 3, y * 5, (x + y) % 256]);
    const changed = picture(64, 48, (x, y) => (x >= 13 && x <= 30 && y >= 9 && y <= 20) || (x >= 41 && x <= 50 && y >= 31 && y <= 33) ? [250, 20, (x * y) % 256] : [x * 3, y * 5, (x + y) % 256]);
    const patched = patchY4m(toY4m(base.data, 64, 48, 3), changed, [
      { left: 13, top: 9, right: 30, bottom: 20 },
      { left: 41, top: 31, right: 50, bottom: 33 },
    ]);
    expect(patched.equals(toY4m(changed.data, 64, 48, 3))).toBe(true);
    // With no areas, the base itself (a copy).
    const unchanged = patchY4m(toY4m(base.data, 64, 48, 3), base, []);
    expect(unchanged.equals(toY4m(base.data, 64, 48, 3))).toBe(true);
  });
});
