// The settings behind the presenters, each drawn once per process. A setting's picture depends only on
// its SVG (setting, palette variation, treatment, frame size), and every request for the same setting,
// model and aspect asks for the same four: librsvg spends about 160 ms of CPU on one at 1080×1920,
// decoding it again from a kept PNG about 15 ms. The PNG (about 0.4 MB) is kept, not the 8 MB of pixels.
import { LRUCache } from 'lru-cache';
import sharp from '../sharp.ts';

/** An image as raw RGBA pixels. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Flat illustrations compress well; level 6 without adaptive filtering keeps encoding quick. */
export const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** At most this many bytes of kept PNGs per process: about 75 settings at 1080×1920. */
const KEPT_BYTES = 32 * 1024 * 1024;

const kept = new LRUCache<string, Buffer>({ maxSize: KEPT_BYTES, sizeCalculation: (png) => png.length });

export async function rawPixels(pipeline: ReturnType<typeof sharp>): Promise<RawImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The setting drawn from `svg`, as raw RGBA: from the kept PNG when this process drew it before. */
export async function drawnBackdrop(svg: string): Promise<RawImage> {
  const png = kept.get(svg);
  if (png) return rawPixels(sharp(png));
  const image = await rawPixels(sharp(Buffer.from(svg)));
  kept.set(svg, await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).png(PNG_OPTIONS).toBuffer());
  return image;
}

/** How many settings this process keeps drawn (for tests). */
export function keptBackdrops(): number {
  return kept.size;
}
