// Pictures are fitted to the frame once, in-process, so ffmpeg never rescales a still per frame.
import sharp from '../sharp.ts';

export const WATERMARK_TEXT = 'Reelsmith · Free';

export interface Size {
  width: number;
  height: number;
}

/**
 * Cover-crops a picture (centred, EXIF-rotated) to exactly `size`, optionally with the watermark burned
 * in, as raw RGB: the renderer changes it (mouth shapes) or writes it as YUV4MPEG (toY4m).
 */
export async function fitStillRgb(inFile: string | Buffer, size: Size, watermark: Buffer | null): Promise<{ data: Buffer; info: { width: number; height: number; channels: number } }> {
  let image = sharp(inFile, { failOn: 'error' }).rotate().resize(size.width, size.height, { fit: 'cover', position: 'centre' });
  if (watermark) {
    const mark = await watermarkPlacement(watermark, size);
    image = image.composite([{ input: watermark, left: mark.left, top: mark.top }]);
  }
  return image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
}

/**
 * RGB → a one-frame YUV4MPEG file (yuv420p, BT.601 limited range, as ffmpeg's own rgb24 → yuv420p):
 * ffmpeg reads it back without decoding or colour conversion.
 */
export function toY4m(rgb: Buffer, width: number, height: number, channels: number): Buffer {
  const header = y4mHeader(width, height);
  const out = Buffer.alloc(header.length + width * height + 2 * (width >> 1) * (height >> 1));
  header.copy(out, 0);
  convertArea(out, header.length, { data: rgb, width, height, channels }, { left: 0, top: 0, right: width - 1, bottom: height - 1 });
  return out;
}

/**
 * The YUV4MPEG still of `frame`, made from `base` (toY4m of a picture that differs from `frame` only
 * inside `areas`): a copy with just those areas converted again. The renderer's looks differ from
 * the presenter's picture only at the mouth and the eyes.
 */
export function patchY4m(base: Buffer, frame: { data: Buffer; width: number; height: number; channels: number }, areas: readonly { left: number; top: number; right: number; bottom: number }[]): Buffer {
  const out = Buffer.from(base);
  patchY4mInPlace(out, frame, areas);
  return out;
}

/** patchY4m without the copy: `y4m` (a one-frame file of frame's size) gets `frame`'s `areas` converted into it. */
export function patchY4mInPlace(y4m: Buffer, frame: { data: Buffer; width: number; height: number; channels: number }, areas: readonly { left: number; top: number; right: number; bottom: number }[]): void {
  const headerLength = y4mHeader(frame.width, frame.height).length;
  for (const area of areas) convertArea(y4m, headerLength, frame, area);
}

function y4mHeader(width: number, height: number): Buffer {
  return Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\nFRAME\n`, 'latin1');
}

/** Converts one area of the picture (widened to whole 2×2 chroma blocks, clipped to the frame) into the planes after the header. */
function convertArea(out: Buffer, yBase: number, frame: { data: Buffer; width: number; height: number; channels: number }, area: { left: number; top: number; right: number; bottom: number }): void {
  const { data: rgb, width, height, channels } = frame;
  const cw = width >> 1;
  const ch = height >> 1;
  const uBase = yBase + width * height;
  const vBase = uBase + cw * ch;
  const x0 = Math.max(0, Math.floor(area.left / 2) * 2);
  const y0 = Math.max(0, Math.floor(area.top / 2) * 2);
  const x1 = Math.min(width, Math.ceil((area.right + 1) / 2) * 2);
  const y1 = Math.min(height, Math.ceil((area.bottom + 1) / 2) * 2);
  for (let y = y0; y < y1; y++) {
    let i = (y * width + x0) * channels;
    let o = yBase + y * width + x0;
    for (let x = x0; x < x1; x++, i += channels, o++) {
      out[o] = ((66 * rgb[i]! + 129 * rgb[i + 1]! + 25 * rgb[i + 2]! + 128) >> 8) + 16;
    }
  }
  for (let y = y0 >> 1; y < Math.min(ch, y1 >> 1); y++) {
    for (let x = x0 >> 1; x < Math.min(cw, x1 >> 1); x++) {
      const a = (2 * y * width + 2 * x) * channels;
      const b = a + width * channels;
      const r = (rgb[a]! + rgb[a + channels]! + rgb[b]! + rgb[b + channels]! + 2) >> 2;
      const g = (rgb[a + 1]! + rgb[a + channels + 1]! + rgb[b + 1]! + rgb[b + channels + 1]! + 2) >> 2;
      const bl = (rgb[a + 2]! + rgb[a + channels + 2]! + rgb[b + 2]! + rgb[b + channels + 2]! + 2) >> 2;
      out[uBase + y * cw + x] = ((-38 * r - 74 * g + 112 * bl + 128) >> 8) + 128;
      out[vBase + y * cw + x] = ((112 * r - 94 * g - 18 * bl + 128) >> 8) + 128;
    }
  }
}

const watermarkCache = new Map<string, Promise<Buffer>>();

/** 'Reelsmith · Free' in white on a rounded translucent dark box, sized to the frame's short side. */
export function watermarkImage(frame: Size): Promise<Buffer> {
  const key = `${frame.width}x${frame.height}`;
  let cached = watermarkCache.get(key);
  if (!cached) {
    cached = renderWatermark(frame);
    cached.catch(() => watermarkCache.delete(key));
    watermarkCache.set(key, cached);
  }
  return cached;
}

async function renderWatermark(frame: Size): Promise<Buffer> {
  const fontPx = Math.max(10, Math.round(Math.min(frame.width, frame.height) * 0.045));
  const text = await sharp({
    text: { text: `<span foreground="white">${WATERMARK_TEXT}</span>`, font: `DejaVu Sans Bold ${fontPx}px`, rgba: true },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const padX = Math.round(fontPx * 0.6);
  const padY = Math.round(fontPx * 0.35);
  const width = text.info.width + padX * 2;
  const height = text.info.height + padY * 2;
  const box = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${padY * 1.5}" fill="#000" fill-opacity="0.5"/></svg>`;
  return sharp(Buffer.from(box))
    .composite([{ input: text.data, left: padX, top: padY }])
    .png()
    .toBuffer();
}

/** Bottom-right corner, inset by 3% of the short side. */
export async function watermarkPlacement(watermark: Buffer, frame: Size): Promise<{ left: number; top: number; width: number; height: number }> {
  const meta = await sharp(watermark).metadata();
  const inset = Math.round(Math.min(frame.width, frame.height) * 0.03);
  const width = meta.width;
  const height = meta.height;
  return { left: frame.width - width - inset, top: frame.height - height - inset, width, height };
}
