import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarImage, ProductLayout } from '../engines.ts';
import { avatarsWithSideFrames, LocalAvatarImager } from '../avatars/local-avatar-imager.ts';
import { differenceBox, findColour, readRgb } from '../avatars/pixel-compare.ts';
import { captionPlan } from '../captions/ass-captions.ts';
import { keepClearAreas } from './keep-clear.ts';
import { LocalProductCompositor } from './product-compositor.ts';

const PRODUCT_COLOUR = '#ff00ff';
let dir: string;
let avatar: AvatarImage;
let products: (AvatarImage & { layout: ProductLayout })[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-keep-clear-'));
  [avatar] = (await avatarsWithSideFrames(new LocalAvatarImager(), { description: 'A man with short black hair in a green sweater in a cafe', aspect: '9:16', model: 'google-imagen-4-ultra', count: 1, outDir: dir })) as [AvatarImage];
  const product = join(dir, 'product.png');
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect x="100" y="100" width="400" height="700" fill="${PRODUCT_COLOUR}"/></svg>`)).png().toFile(product);
  products = await new LocalProductCompositor().compose({
    avatarFile: avatar.file,
    avatarMouthOpenFile: avatar.mouthOpenFile,
    avatarEyesClosedFile: avatar.eyesClosedFile ?? null,
    avatarSettingFile: avatar.settingFile ?? null,
    productFile: product,
    interaction: 'holding it up',
    aspect: '9:16',
    count: 4,
    outDir: join(dir, 'products'),
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('keepClearAreas', () => {
  it('finds the presenter’s face: eyes to chin, the mouth and eyes inside it', async () => {
    const areas = await keepClearAreas({ picture: avatar.file, mouthOpen: avatar.mouthOpenFile, eyesClosed: avatar.eyesClosedFile });
    expect(areas).toHaveLength(1);
    const [face] = areas;
    const closed = await readRgb(avatar.file);
    const mouth = differenceBox(closed, await readRgb(avatar.mouthOpenFile!))!;
    const eyes = differenceBox(closed, await readRgb(avatar.eyesClosedFile!))!;
    for (const box of [mouth, eyes]) {
      expect(face!.left * closed.width).toBeLessThanOrEqual(box.left);
      expect(face!.right * closed.width).toBeGreaterThanOrEqual(box.right);
      expect(face!.top * closed.height).toBeLessThanOrEqual(box.top);
      expect(face!.bottom * closed.height).toBeGreaterThanOrEqual(box.bottom);
    }
    // A face, not the picture: a small part of the frame around the reported face height.
    expect((face!.right - face!.left) * (face!.bottom - face!.top)).toBeLessThan(0.06);
    expect(face!.top).toBeLessThan(avatar.faceY!);
    expect(face!.bottom).toBeGreaterThan(avatar.faceY!);
  });

  it('finds the product in each layout, and captions at the bottom keep clear of it and the face', async () => {
    for (const composite of products) {
      const areas = await keepClearAreas({ picture: composite.file, avatar: avatar.file, mouthOpen: composite.mouthOpenFile, eyesClosed: composite.eyesClosedFile });
      expect(areas, composite.layout).toHaveLength(2);
      const product = areas[1]!;
      const picture = await readRgb(composite.file);
      const magenta = findColour(picture, PRODUCT_COLOUR, 40);
      expect(magenta.centreX / picture.width).toBeGreaterThan(product.left);
      expect(magenta.centreX / picture.width).toBeLessThan(product.right);
      expect(magenta.centreY / picture.height).toBeGreaterThan(product.top);
      expect(magenta.centreY / picture.height).toBeLessThan(product.bottom);
      for (const style of ['clean', 'highlight'] as const) {
        const { layout, area } = captionPlan(style, 'bottom', picture.width, picture.height, areas);
        const top = picture.height - area.marginV - layout.blockHeight;
        const block = { left: area.marginL / picture.width, right: 1 - area.marginR / picture.width, top: top / picture.height, bottom: (top + layout.blockHeight) / picture.height };
        for (const box of areas) {
          const overlap = block.left < box.right && block.right > box.left && block.top < box.bottom && block.bottom > box.top;
          expect(overlap, `${composite.layout} ${style}: captions ${JSON.stringify(block)} over ${JSON.stringify(box)} of ${JSON.stringify(areas)}`).toBe(false);
        }
      }
    }
  });

  it('gives an uploaded photo without frames nothing to avoid but its product', async () => {
    expect(await keepClearAreas({ picture: avatar.file })).toEqual([]);
    const [held] = products;
    expect(await keepClearAreas({ picture: held!.file, avatar: avatar.file })).toHaveLength(1);
  });
});
