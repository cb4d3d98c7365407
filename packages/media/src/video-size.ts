import type { AspectRatio, Quality } from '@reelsmith/shared';

const ratios: Record<AspectRatio, [number, number]> = {
  '9:16': [9, 16],
  '16:9': [16, 9],
  '1:1': [1, 1],
  '4:3': [4, 3],
  '3:4': [3, 4],
};

/**
 * Frame size for a quality and aspect: the short side is 360 (standard) or 1080 (high) pixels,
 * the long side follows the ratio, both even (H.264 needs even sizes).
 */
export function dimensionsFor(aspect: AspectRatio, quality: Quality): { width: number; height: number } {
  const short = quality === 'high' ? 1080 : 360;
  const [w, h] = ratios[aspect];
  const even = (n: number) => Math.round(n / 2) * 2;
  return w <= h ? { width: short, height: even((short * h) / w) } : { width: even((short * w) / h), height: short };
}
