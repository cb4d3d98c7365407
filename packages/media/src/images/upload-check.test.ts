import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_UPLOAD_MESSAGES,
  ImageUploadError,
  PRODUCT_UPLOAD_MESSAGES,
  decodeDataUrl,
  detectAspect,
  inspectImage,
  normaliseImage,
  readHeaderDimensions,
  sniffImageType,
} from './upload-check.ts';
import { craftedGif, craftedJpegHeader, craftedPng, craftedWebp } from './test-images.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'reelsmith-uploads-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const tiny = (width = 16, height = 12, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });

/** Random pixels compress badly, so the file is big enough to truncate meaningfully. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function expectUploadError(promise: Promise<unknown>, code: string, message: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageUploadError);
  expect((error as ImageUploadError).code).toBe(code);
  expect((error as ImageUploadError).message).toBe(message);
}

describe('inspectImage', () => {
  it.each([
    ['jpeg', 'image/jpeg', () => tiny().jpeg().toBuffer()],
    ['png', 'image/png', () => tiny().png().toBuffer()],
    ['gif', 'image/gif', () => tiny().gif().toBuffer()],
    ['webp', 'image/webp', () => tiny().webp().toBuffer()],
  ] as const)('accepts a real %s', async (type, mimeType, make) => {
    const inspection = await inspectImage(await make());
    expect(inspection).toMatchObject({ type, mimeType, width: 16, height: 12, frames: 1 });
  });

  it('knows a PNG named .jpg is a PNG: the type comes from the bytes', async () => {
    const file = join(workDir, 'holiday-photo.jpg');
    await writeFile(file, await tiny().png().toBuffer());
    const inspection = await inspectImage(await readFile(file));
    expect(inspection.type).toBe('png');
    expect(inspection.mimeType).toBe('image/png');
  });

  it('refuses a text file with the exact avatar and product messages', async () => {
    const text = Buffer.from('just some notes, not a picture\n');
    await expectUploadError(inspectImage(text), 'unsupported_type', 'Please upload a JPEG, PNG, GIF, or WebP image.');
    await expectUploadError(inspectImage(text, { purpose: 'product' }), 'unsupported_type', 'Please upload an image file (PNG, JPG, etc.)');
  });

  it('refuses an SVG (markup, not one of the four types)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expectUploadError(inspectImage(svg), 'unsupported_type', 'Please upload a JPEG, PNG, GIF, or WebP image.');
  });

  it('refuses a truncated PNG as corrupt', async () => {
    const png = await noisyPng(200, 200);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect(sniffImageType(truncated)).toBe('png');
    await expectUploadError(inspectImage(truncated), 'corrupt', AVATAR_UPLOAD_MESSAGES.corrupt);
  });

  it('refuses an 11 MB buffer with the exact size message', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    (await tiny().png().toBuffer()).copy(big);
    await expectUploadError(inspectImage(big), 'too_large', 'Please upload an image smaller than 10MB');
    await expectUploadError(inspectImage(big, { purpose: 'product' }), 'too_large', 'Please upload an image smaller than 10MB');
  });

  it('refuses too many pixels', async () => {
    const png = await tiny(400, 300).png().toBuffer();
    await expectUploadError(inspectImage(png, { maxPixels: 100_000 }), 'too_many_pixels', AVATAR_UPLOAD_MESSAGES.too_many_pixels);
    await expect(inspectImage(png, { maxPixels: 120_000 })).resolves.toMatchObject({ width: 400, height: 300 });
  });

  it('reports transparency and the detected aspect', async () => {
    const cutOut = await sharp({ create: { width: 90, height: 160, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    expect(await inspectImage(cutOut)).toMatchObject({ hasTransparency: true, aspect: '9:16' });
    expect(await inspectImage(await tiny(160, 90).jpeg().toBuffer())).toMatchObject({ hasTransparency: false, aspect: '16:9' });
  });

  it('reads a phone photo turned by EXIF orientation as it is displayed', async () => {
    const sideways = await tiny(160, 90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await inspectImage(sideways)).toMatchObject({ width: 90, height: 160, aspect: '9:16' });
  });

  it('exports both message sets', () => {
    expect(AVATAR_UPLOAD_MESSAGES.unsupported_type).toBe('Please upload a JPEG, PNG, GIF, or WebP image.');
    expect(PRODUCT_UPLOAD_MESSAGES.unsupported_type).toBe('Please upload an image file (PNG, JPG, etc.)');
    expect(PRODUCT_UPLOAD_MESSAGES.too_large).toBe('Please upload an image smaller than 10MB');
  });
});

describe('images of too many pixels, refused from the header before any decode', () => {
  const message = 'This image has too many pixels. Please upload an image of at most 40 megapixels.';

  it('states the 40-megapixel limit on both paths', () => {
    expect(AVATAR_UPLOAD_MESSAGES.too_many_pixels).toBe(message);
    expect(PRODUCT_UPLOAD_MESSAGES.too_many_pixels).toBe(message);
  });

  it('reads the header size of real PNG, GIF, WebP (lossy and lossless) and JPEG files', async () => {
    const image = tiny(123, 45);
    for (const [type, buffer] of [
      ['png', await image.clone().png().toBuffer()],
      ['gif', await image.clone().gif().toBuffer()],
      ['webp', await image.clone().webp().toBuffer()],
      ['webp', await image.clone().webp({ lossless: true }).toBuffer()],
      ['webp', await sharp({ create: { width: 123, height: 45, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer()],
      ['jpeg', await image.clone().jpeg().toBuffer()],
      ['jpeg', await image.clone().jpeg({ progressive: true }).withMetadata({ exif: { IFD0: { Copyright: 'x' } } }).toBuffer()],
    ] as const) {
      expect(readHeaderDimensions(buffer, type)).toEqual({ width: 123, height: 45 });
    }
  });

  it('refuses a 20000×20000 PNG (a valid IHDR, a few bytes of IDAT) for its pixels, not as damaged', async () => {
    const png = craftedPng(20_000, 20_000);
    expect(png.length).toBeLessThan(2000);
    expect(readHeaderDimensions(png, 'png')).toEqual({ width: 20_000, height: 20_000 });
    await expectUploadError(inspectImage(png), 'too_many_pixels', message);
    await expectUploadError(normaliseImage(png, 'avatar'), 'too_many_pixels', message);
    await expectUploadError(normaliseImage(png, 'product'), 'too_many_pixels', message);
  });

  it('refuses bomb-shaped GIF, WebP and JPEG headers the same way', async () => {
    await expectUploadError(inspectImage(craftedGif(65_535, 65_535)), 'too_many_pixels', message);
    await expectUploadError(inspectImage(craftedWebp(16_384, 16_384)), 'too_many_pixels', message);
    await expectUploadError(inspectImage(craftedJpegHeader(60_000, 60_000)), 'too_many_pixels', message);
    // Just over the limit, well under the decoder's own: still our message, not 'damaged'.
    await expectUploadError(inspectImage(craftedPng(8000, 5001)), 'too_many_pixels', message);
  });

  it('keeps calling an unreadable header damaged', async () => {
    const png = craftedPng(100, 100);
    await expectUploadError(inspectImage(png.subarray(0, 20)), 'corrupt', AVATAR_UPLOAD_MESSAGES.corrupt);
  });
});

describe('decodeDataUrl', () => {
  it('decodes a base64 image data URL', async () => {
    const png = await tiny().png().toBuffer();
    const decoded = decodeDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(decoded.declaredType).toBe('image/png');
    expect(decoded.buffer.equals(png)).toBe(true);
  });

  it('refuses other prefixes and payloads with clear errors', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return [(error as ImageUploadError).code, (error as ImageUploadError).message];
      }
      return null;
    };
    expect(code(() => decodeDataUrl('data:text/plain;base64,aGVsbG8='))).toEqual(['unsupported_type', 'Please upload a JPEG, PNG, GIF, or WebP image.']);
    expect(code(() => decodeDataUrl('data:text/plain;base64,aGVsbG8=', { purpose: 'product' }))).toEqual(['unsupported_type', 'Please upload an image file (PNG, JPG, etc.)']);
    expect(code(() => decodeDataUrl('data:image/png,rawbytes'))?.[0]).toBe('invalid_data_url');
    expect(code(() => decodeDataUrl('data:image/png;base64,not*base64!'))?.[0]).toBe('invalid_data_url');
    expect(code(() => decodeDataUrl('https://example.com/cat.png'))?.[0]).toBe('invalid_data_url');
    expect(code(() => decodeDataUrl(`data:image/png;base64,${'A'.repeat(16 * 1024 * 1024)}`))).toEqual(['too_large', 'Please upload an image smaller than 10MB']);
  });
});

describe('detectAspect', () => {
  it.each([
    [1000, 1000, '1:1'],
    [1080, 1000, '1:1'],
    [1100, 1000, '1:1'],
    [1920, 1080, '16:9'],
    [1850, 1080, '16:9'],
    [1080, 1920, '9:16'],
    [1000, 1600, '9:16'],
    [1440, 1080, '4:3'],
    [1400, 1080, '4:3'],
    [1080, 1440, '3:4'],
    [800, 1000, '3:4'],
    [1500, 1000, '9:16'],
    [3000, 1000, '9:16'],
    [1000, 3000, '9:16'],
    [0, 100, '9:16'],
  ] as const)('%ix%i is %s', (width, height, aspect) => {
    expect(detectAspect(width, height)).toBe(aspect);
  });
});

describe('normaliseImage', () => {
  it('applies EXIF orientation and strips all metadata', async () => {
    const withMetadata = await tiny(160, 90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Reelsmith test', Artist: 'Someone' } })
      .toBuffer();
    const before = await sharp(withMetadata).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const normalised = await normaliseImage(withMetadata, 'avatar');
    const after = await sharp(normalised.buffer).metadata();
    expect(normalised.type).toBe('jpeg');
    expect([after.width, after.height]).toEqual([90, 160]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
  });

  it('keeps avatar photos with transparency as PNG, and products always as PNG with alpha', async () => {
    const cutOut = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    expect((await normaliseImage(cutOut, 'avatar')).type).toBe('png');
    const product = await normaliseImage(cutOut, 'product');
    expect(product.type).toBe('png');
    expect((await sharp(product.buffer).stats()).isOpaque).toBe(false);
    expect((await normaliseImage(await tiny().jpeg().toBuffer(), 'product')).type).toBe('png');
  });

  it('caps the long side at 4096 px', async () => {
    const wide = await tiny(5000, 100).png().toBuffer();
    const normalised = await normaliseImage(wide, 'avatar');
    expect([normalised.width, normalised.height]).toEqual([4096, 82]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((colour) => tiny(20, 10, colour).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const inspection = await inspectImage(animated);
    expect(inspection).toMatchObject({ type: 'gif', frames: 3, width: 20, height: 10 });
    const normalised = await normaliseImage(animated, 'avatar');
    const metadata = await sharp(normalised.buffer).metadata();
    expect([metadata.width, metadata.height, metadata.pages ?? 1]).toEqual([20, 10, 1]);
    const { dominant } = await sharp(normalised.buffer).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);
  });

  it('refuses what inspectImage refuses', async () => {
    await expectUploadError(normaliseImage(Buffer.from('hello'), 'product'), 'unsupported_type', 'Please upload an image file (PNG, JPG, etc.)');
  });
});
