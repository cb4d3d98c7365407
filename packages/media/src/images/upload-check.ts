// Checks an uploaded image (avatar photo or product picture) before anything else touches it: the
// type comes from the bytes, never the file name; then size, pixel count and a full decode.
import type { AspectRatio } from '@reelsmith/shared';
import sharp, { type Metadata } from '../sharp.ts';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';
export type UploadPurpose = 'avatar' | 'product';
export type ImageUploadErrorCode = 'unsupported_type' | 'too_large' | 'too_many_pixels' | 'corrupt' | 'invalid_data_url';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Normalised images are at most this many pixels on their long side. */
export const MAX_NORMALISED_SIDE = 4096;

const tooManyPixels = `This image has too many pixels. Please upload an image of at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`;

/** The avatar path's wording (spec §5: 'Please upload a JPEG, PNG, GIF, or WebP image.'). */
export const AVATAR_UPLOAD_MESSAGES: Readonly<Record<ImageUploadErrorCode, string>> = {
  unsupported_type: 'Please upload a JPEG, PNG, GIF, or WebP image.',
  too_large: 'Please upload an image smaller than 10MB',
  too_many_pixels: tooManyPixels,
  corrupt: 'This image could not be read; the file may be damaged. Please upload another image.',
  invalid_data_url: 'The upload could not be read. Please choose the image again.',
};

/** The product path's wording (spec §5: 'Please upload an image file (PNG, JPG, etc.)'). */
export const PRODUCT_UPLOAD_MESSAGES: Readonly<Record<ImageUploadErrorCode, string>> = {
  unsupported_type: 'Please upload an image file (PNG, JPG, etc.)',
  too_large: 'Please upload an image smaller than 10MB',
  too_many_pixels: tooManyPixels,
  corrupt: 'This image could not be read; the file may be damaged. Please upload another image.',
  invalid_data_url: 'The upload could not be read. Please choose the image again.',
};

export function uploadMessages(purpose: UploadPurpose): Readonly<Record<ImageUploadErrorCode, string>> {
  return purpose === 'product' ? PRODUCT_UPLOAD_MESSAGES : AVATAR_UPLOAD_MESSAGES;
}

export class ImageUploadError extends Error {
  override name = 'ImageUploadError';
  readonly code: ImageUploadErrorCode;
  /** What went wrong in more detail, for logs (the message is what the user sees). */
  readonly detail: string | undefined;

  constructor(code: ImageUploadErrorCode, purpose: UploadPurpose = 'avatar', detail?: string) {
    super(uploadMessages(purpose)[code]);
    this.code = code;
    this.detail = detail;
  }
}

const MIME_TYPES: Readonly<Record<ImageKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type from its first bytes, or null when it is none of the four accepted. */
export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * Width and height as the file's header states them, read without decoding (PNG IHDR, GIF logical
 * screen, WebP VP8/VP8L/VP8X, JPEG SOFn): what a decoder would allocate for. Null when the header
 * cannot be read.
 */
export function readHeaderDimensions(bytes: Uint8Array, type: ImageKind): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (length: number) => bytes.length >= length;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  switch (type) {
    case 'png':
      if (!has(24) || ascii(12, 16) !== 'IHDR') return null;
      return { width: view.getUint32(16), height: view.getUint32(20) };
    case 'gif':
      if (!has(10)) return null;
      return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    case 'webp': {
      if (!has(30)) return null;
      const chunk = ascii(12, 16);
      const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      if (chunk === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1 };
      if (chunk === 'VP8L') {
        if (bytes[20] !== 0x2f) return null;
        const bits = view.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
      return null;
    }
    case 'jpeg': {
      // Walk the markers to the first frame header (SOF0–SOF15 but DHT, JPG and DAC).
      let at = 2;
      while (at + 9 <= bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1]!;
        if (marker === 0xff) {
          at += 1;
          continue;
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          at += 2;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
        }
        if (marker === 0xda || marker === 0xd9) return null;
        at += 2 + view.getUint16(at + 2);
      }
      return null;
    }
  }
}

export interface DecodedDataUrl {
  /** The type the data URL claims (the content is checked separately by inspectImage). */
  declaredType: string;
  buffer: Buffer;
}

/**
 * Decodes a 'data:image/...;base64,...' upload. Refuses other prefixes and anything not base64, before
 * decoding, so a stray text payload never reaches the image decoder.
 */
export function decodeDataUrl(dataUrl: string, options: { purpose?: UploadPurpose; maxBytes?: number } = {}): DecodedDataUrl {
  const purpose = options.purpose ?? 'avatar';
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0) throw new ImageUploadError('invalid_data_url', purpose, 'not a data URL');
  const header = dataUrl.slice(5, comma).trim().toLowerCase();
  const [declaredType = '', ...parameters] = header.split(';');
  if (!declaredType.startsWith('image/')) throw new ImageUploadError('unsupported_type', purpose, `data URL type '${declaredType || 'none'}' is not an image`);
  if (!parameters.includes('base64')) throw new ImageUploadError('invalid_data_url', purpose, 'data URL is not base64-encoded');
  const payload = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  // Every 4 base64 characters carry 3 bytes: refuse oversize uploads before allocating them.
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2) throw new ImageUploadError('too_large', purpose);
  if (payload.length === 0 || payload.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) {
    throw new ImageUploadError('invalid_data_url', purpose, 'data URL payload is not valid base64');
  }
  return { declaredType, buffer: Buffer.from(payload, 'base64') };
}

export interface InspectOptions {
  maxBytes?: number | undefined;
  maxPixels?: number | undefined;
  purpose?: UploadPurpose | undefined;
}

export interface ImageInspection {
  type: ImageKind;
  mimeType: string;
  bytes: number;
  /** Displayed size: EXIF orientation applied (a portrait phone photo reads as portrait). */
  width: number;
  height: number;
  /** True when some pixel is not fully opaque. */
  hasTransparency: boolean;
  /** Frames in the file (animated GIF/WebP); only the first is used. */
  frames: number;
  aspect: AspectRatio;
}

/** Type by magic bytes, then size, then sharp's metadata and a full decode (catches truncated files). */
export async function inspectImage(buffer: Uint8Array, options: InspectOptions = {}): Promise<ImageInspection> {
  const purpose = options.purpose ?? 'avatar';
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxPixels = options.maxPixels ?? MAX_UPLOAD_PIXELS;
  if (buffer.length > maxBytes) throw new ImageUploadError('too_large', purpose, `${buffer.length} bytes`);
  const type = sniffImageType(buffer);
  if (type === null) throw new ImageUploadError('unsupported_type', purpose, 'content is not JPEG, PNG, GIF or WebP');

  // The header's size first: an image of too many pixels is refused for that, before any decoder
  // (whose own limit would call it damaged) allocates for it.
  const stated = readHeaderDimensions(buffer, type);
  if (stated === null) throw new ImageUploadError('corrupt', purpose, `${type} header could not be read`);
  if (stated.width * stated.height > maxPixels) throw new ImageUploadError('too_many_pixels', purpose, `header states ${stated.width}x${stated.height}`);

  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { pages: 1 }).metadata();
  } catch (error) {
    // A size the header walk did not see (a later frame, say) still reads as too many pixels.
    if (/pixel limit/i.test(String(error))) throw new ImageUploadError('too_many_pixels', purpose, String(error));
    throw new ImageUploadError('corrupt', purpose, String(error));
  }
  if (metadata.format !== type) {
    throw new ImageUploadError('corrupt', purpose, `header says ${type}, decoder read ${metadata.format}`);
  }
  const pageHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * pageHeight > maxPixels) throw new ImageUploadError('too_many_pixels', purpose, `${metadata.width}x${pageHeight}`);

  // Decoding every pixel is what finds truncated and damaged files; metadata alone reads only headers.
  const stats = await sharp(buffer, { pages: 1, failOn: 'truncated', limitInputPixels: maxPixels })
    .stats()
    .catch((error: unknown) => {
      throw new ImageUploadError(/pixel limit/i.test(String(error)) ? 'too_many_pixels' : 'corrupt', purpose, String(error));
    });
  const hasTransparency = !stats.isOpaque;
  const width = metadata.autoOrient.width;
  const height = type === 'gif' || type === 'webp' ? Math.min(metadata.autoOrient.height, pageHeight) : metadata.autoOrient.height;
  return {
    type,
    mimeType: MIME_TYPES[type],
    bytes: buffer.length,
    width,
    height,
    hasTransparency,
    frames: metadata.pages ?? 1,
    aspect: detectAspect(width, height),
  };
}

/**
 * The project aspect for an uploaded picture (spec §9): square within 0.1 of 1:1, 16:9 within 0.1 of
 * 16/9, 9:16 within 0.1 of 9/16. We also recognise 4:3 and 3:4 within a tighter 0.05 (the product
 * renders both); anything else falls back to the default 9:16.
 */
export function detectAspect(width: number, height: number): AspectRatio {
  if (!(width > 0 && height > 0)) return '9:16';
  const ratio = width / height;
  const near = (target: number, tolerance: number) => Math.abs(ratio - target) <= tolerance + 1e-9;
  if (near(1, 0.1)) return '1:1';
  if (near(16 / 9, 0.1)) return '16:9';
  if (near(9 / 16, 0.1)) return '9:16';
  if (near(4 / 3, 0.05)) return '4:3';
  if (near(3 / 4, 0.05)) return '3:4';
  return '9:16';
}

export interface NormalisedImage {
  buffer: Buffer;
  type: 'jpeg' | 'png';
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  inspection: ImageInspection;
}

/**
 * Re-encodes an upload for storage: checks it first, applies EXIF orientation, keeps the first frame,
 * caps the long side at 4096 px and drops all metadata (EXIF, GPS, XMP, ICC: sharp writes none
 * unless asked). Avatar photos become JPEG (PNG when they have transparency); products always PNG,
 * keeping transparency for cut-outs.
 */
export async function normaliseImage(buffer: Uint8Array, purpose: UploadPurpose, options: Omit<InspectOptions, 'purpose'> = {}): Promise<NormalisedImage> {
  const inspection = await inspectImage(buffer, { ...options, purpose });
  const asPng = purpose === 'product' || inspection.hasTransparency;
  const pipeline = sharp(buffer, { pages: 1, failOn: 'truncated' })
    .autoOrient()
    .resize({ width: MAX_NORMALISED_SIDE, height: MAX_NORMALISED_SIDE, fit: 'inside', withoutEnlargement: true });
  const { data, info } = asPng
    ? await pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({ resolveWithObject: true })
    : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return {
    buffer: data,
    type: asPng ? 'png' : 'jpeg',
    mimeType: asPng ? 'image/png' : 'image/jpeg',
    width: info.width,
    height: info.height,
    inspection,
  };
}
