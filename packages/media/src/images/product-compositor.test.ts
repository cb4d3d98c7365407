import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarImage } from '../engines.ts';
import { avatarsWithSideFrames, LocalAvatarImager } from '../avatars/local-avatar-imager.ts';
import { differenceBox, findColour, meanAbsoluteDifference, readRgb, type RgbImage } from '../avatars/pixel-compare.ts';
import { LocalProductCompositor, prepareProduct } from './product-compositor.ts';

// Pure magenta never appears in the imagen-style avatars, so it marks where the product landed.
const PRODUCT_COLOUR = '#ff00ff';

let workDir: string;
let portrait: AvatarImage;
let landscape: AvatarImage;
let opaqueProduct: string;
let cutOutProduct: string;
const compositor = new LocalProductCompositor();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'reelsmith-products-'));
  const imager = new LocalAvatarImager();
  [portrait] = (await avatarsWithSideFrames(imager, { description: 'A woman with long brown hair in a white shirt in a living room', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: join(workDir, 'portrait') })) as [AvatarImage];
  [landscape] = (await avatarsWithSideFrames(imager, { description: 'A man in a navy hoodie in an office', aspect: '16:9', model: 'google-imagen-4-ultra', count: 1, outDir: join(workDir, 'landscape') })) as [AvatarImage];
  // An opaque product photo: a magenta box on a white studio background with a wide margin.
  opaqueProduct = join(workDir, 'box.jpg');
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900" fill="#ffffff"/><rect x="250" y="150" width="400" height="600" fill="${PRODUCT_COLOUR}"/></svg>`))
    .jpeg({ quality: 95 })
    .toFile(opaqueProduct);
  // A cut-out: a magenta disc on transparency, with a transparent margin.
  cutOutProduct = join(workDir, 'disc.png');
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><circle cx="400" cy="400" r="300" fill="${PRODUCT_COLOUR}"/></svg>`))
    .png()
    .toFile(cutOutProduct);
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('prepareProduct', () => {
  it('trims the uniform margin and rounds an opaque photo', async () => {
    const product = await prepareProduct(opaqueProduct);
    expect(product.cutOut).toBe(false);
    expect(Math.abs(product.width - 400)).toBeLessThanOrEqual(4);
    expect(Math.abs(product.height - 600)).toBeLessThanOrEqual(4);
    const corner = await sharp(product.png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it('trims the transparent margin of a cut-out and keeps its alpha', async () => {
    const product = await prepareProduct(cutOutProduct);
    expect(product.cutOut).toBe(true);
    expect(Math.abs(product.width - 600)).toBeLessThanOrEqual(4);
  });
});

describe('LocalProductCompositor', () => {
  function compose(avatar: AvatarImage, productFile: string, count = 4, name = 'out') {
    return compositor.compose({
      avatarFile: avatar.file,
      avatarMouthOpenFile: avatar.mouthOpenFile,
      avatarEyesClosedFile: avatar.eyesClosedFile ?? null,
      avatarSettingFile: avatar.settingFile ?? null,
      productFile,
      interaction: 'holding the product up to the camera',
      aspect: avatar.width > avatar.height ? '16:9' : '9:16',
      count,
      outDir: join(workDir, `${name}-${Math.random().toString(36).slice(2)}`),
    });
  }

  it('returns the four layouts in order, the mouth and blink frames, at the avatar size', async () => {
    const results = await compose(portrait, opaqueProduct);
    expect(results.map((result) => result.layout)).toEqual(['held-in-hand', 'beside', 'raised', 'on-counter']);
    for (const result of results) {
      expect([result.width, result.height]).toEqual([1080, 1920]);
      expect(result.mouthOpenFile).not.toBeNull();
      expect(result.eyesClosedFile).not.toBeNull();
      expect(result.settingFile).not.toBeNull();
      for (const file of [result.file, result.mouthOpenFile!, result.eyesClosedFile!, result.settingFile!]) {
        const metadata = await sharp(file).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1080, 1920]);
      }
      expect(result.traits).toMatchObject({ layout: result.layout, product: 'photo', interaction: 'holding the product up to the camera' });
    }
  });

  it('returns fewer layouts when fewer are asked for', async () => {
    expect((await compose(portrait, opaqueProduct, 2)).map((result) => result.layout)).toEqual(['held-in-hand', 'beside']);
  });

  it('puts the product where each layout says', async () => {
    for (const avatar of [portrait, landscape]) {
      const results = await compose(avatar, opaqueProduct);
      const found = Object.fromEntries(await Promise.all(results.map(async (result) => [result.layout, findColour(await readRgb(result.file), PRODUCT_COLOUR, 40)] as const)));
      const { width, height } = avatar;
      for (const spot of Object.values(found)) expect(spot.count).toBeGreaterThan(width * height * 0.004);
      // Held in hand: right of centre, lower half. Raised: left of centre, higher than held.
      expect(found['held-in-hand']!.centreX).toBeGreaterThan(width / 2);
      expect(found['held-in-hand']!.centreY).toBeGreaterThan(height / 2);
      expect(found['raised']!.centreX).toBeLessThan(width / 2);
      expect(found['raised']!.centreY).toBeLessThan(found['held-in-hand']!.centreY);
      // Beside: right of the presenter, larger than in the hand, standing near the bottom.
      expect(found['beside']!.centreX).toBeGreaterThan(width * 0.6);
      expect(found['beside']!.count).toBeGreaterThan(found['held-in-hand']!.count);
      expect(found['beside']!.bottom).toBeGreaterThan(height * 0.85);
      // On the counter: standing in the lower part of the frame.
      expect(found['on-counter']!.bottom).toBeGreaterThan(height * 0.8);
    }
  });

  it('draws a counter across the foreground for on-counter', async () => {
    const [onCounter] = (await compose(portrait, opaqueProduct)).slice(3);
    const before = await readRgb(portrait.file);
    const after = await readRgb(onCounter!.file);
    const strip = (image: RgbImage) => ({ data: image.data.subarray(image.width * 3 * (image.height - 40)), width: image.width, height: 40 });
    expect(meanAbsoluteDifference(strip(before), strip(after))).toBeGreaterThan(10);
  });

  it('keeps the mouth, blink and setting frames apart: the composites differ only where the avatar frames did', async () => {
    const [held] = await compose(portrait, opaqueProduct, 1);
    const closed = await readRgb(held!.file);
    const avatar = await readRgb(portrait.file);
    for (const [side, avatarSide] of [
      [held!.mouthOpenFile!, portrait.mouthOpenFile!],
      [held!.eyesClosedFile!, portrait.eyesClosedFile!],
      // The setting has the product too: only the presenter is missing from it.
      [held!.settingFile!, portrait.settingFile!],
    ] as const) {
      const avatarBox = differenceBox(avatar, await readRgb(avatarSide));
      const box = differenceBox(closed, await readRgb(side));
      expect(box).not.toBeNull();
      expect(box!.left).toBeGreaterThanOrEqual(avatarBox!.left);
      expect(box!.right).toBeLessThanOrEqual(avatarBox!.right);
      expect(box!.top).toBeGreaterThanOrEqual(avatarBox!.top);
      expect(box!.bottom).toBeLessThanOrEqual(avatarBox!.bottom);
    }
  });

  it("does not paint a box for a cut-out's transparent pixels", async () => {
    const [, beside] = await compose(portrait, cutOutProduct, 2);
    const avatar = await readRgb(portrait.file);
    const composite = await readRgb(beside!.file);
    expect(beside!.traits['product']).toBe('cut-out');
    const disc = findColour(composite, PRODUCT_COLOUR, 40);
    expect(disc.count).toBeGreaterThan(1000);
    // The disc's bounding box corners lie outside the disc: they must still show the avatar.
    const size = Math.round((disc.right - disc.left) * 0.12);
    for (const [x, y] of [
      [disc.left, disc.top],
      [disc.right - size, disc.top],
    ] as const) {
      const crop = (image: RgbImage) => {
        const data = Buffer.alloc(size * size * 3);
        for (let row = 0; row < size; row++) image.data.copy(data, row * size * 3, ((y + row) * image.width + x) * 3, ((y + row) * image.width + x + size) * 3);
        return { data, width: size, height: size };
      };
      expect(meanAbsoluteDifference(crop(avatar), crop(composite))).toBeLessThan(1);
    }
    // And the painted area is about a disc's share (π/4) of its box, not the whole box.
    const changed = differenceBox(avatar, composite, 30);
    const boxArea = (disc.right - disc.left + 1) * (disc.bottom - disc.top + 1);
    expect(disc.count / boxArea).toBeGreaterThan(0.7);
    expect(disc.count / boxArea).toBeLessThan(0.85);
    expect(changed).not.toBeNull();
  });

  it('works without an open-mouth frame (uploaded photos)', async () => {
    const results = await compositor.compose({
      avatarFile: landscape.file,
      avatarMouthOpenFile: null,
      productFile: cutOutProduct,
      interaction: 'showing it',
      aspect: '16:9',
      count: 4,
      outDir: join(workDir, 'no-mouth'),
    });
    expect(results).toHaveLength(4);
    for (const result of results) expect(result.mouthOpenFile).toBeNull();
  });
});
