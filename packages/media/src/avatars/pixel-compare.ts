// Compares two same-sized images pixel by pixel: how different they are overall, and where they
// differ: where captions must keep clear (keep-clear.ts), and in the tests, that variations differ and
// lip-sync frames differ only at the mouth.
import sharp from '../sharp.ts';

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes any image file or buffer to 3-channel RGB (alpha flattened onto white). */
export async function readRgb(input: string | Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function assertSameSize(a: RgbImage, b: RgbImage): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
}

/** Mean absolute difference per channel, 0 (identical) to 255. */
export function meanAbsoluteDifference(a: RgbImage, b: RgbImage): number {
  assertSameSize(a, b);
  let total = 0;
  for (let i = 0; i < a.data.length; i++) total += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return total / a.data.length;
}

export interface DifferenceBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Pixels whose summed channel difference exceeds the threshold. */
  count: number;
}

/** How far apart two RGB pixels are (at byte offsets `i` of `a` and `j` of `b`): the channels' differences summed, 0–765. */
export function colourDistance(a: Buffer, i: number, b: Buffer, j: number): number {
  return Math.abs(a[i]! - b[j]!) + Math.abs(a[i + 1]! - b[j + 1]!) + Math.abs(a[i + 2]! - b[j + 2]!);
}

/** The bounding box of pixels that differ by more than `threshold` (summed over RGB), or null. */
export function differenceBox(a: RgbImage, b: RgbImage, threshold = 0): DifferenceBox | null {
  assertSameSize(a, b);
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      if (colourDistance(a.data, i, b.data, i) > threshold) {
        count++;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  return count === 0 ? null : { left, top, right, bottom, count };
}

/** Pixels within `tolerance` (per channel) of a colour, with their bounding box and centroid. */
export function findColour(image: RgbImage, hex: string, tolerance = 24): { count: number; centreX: number; centreY: number; left: number; top: number; right: number; bottom: number } {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      if (Math.abs((image.data[i] ?? 0) - r) <= tolerance && Math.abs((image.data[i + 1] ?? 0) - g) <= tolerance && Math.abs((image.data[i + 2] ?? 0) - b) <= tolerance) {
        count++;
        sumX += x;
        sumY += y;
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { count, centreX: count ? sumX / count : NaN, centreY: count ? sumY / count : NaN, left, top, right, bottom };
}
