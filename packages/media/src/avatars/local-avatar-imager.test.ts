import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AspectRatio } from '@reelsmith/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarImage, AvatarRequest, SideFramesRecipe } from '../engines.ts';
import { dimensionsFor } from '../video-size.ts';
import { AvatarRequestError, avatarsWithSideFrames, LocalAvatarImager } from './local-avatar-imager.ts';
import { differenceBox, meanAbsoluteDifference, readRgb } from './pixel-compare.ts';
import { onPresenter, presenterBox } from './presenter-layout.ts';

const KITCHEN_WOMAN = 'A friendly woman in her 30s with curly red hair, wearing a blue blazer, in a bright modern kitchen';
const GYM_MAN = 'A muscular man in his 20s with short black hair and a grey hoodie at the gym';

let workDir: string;
const imager = new LocalAvatarImager();
let folder = 0;

function request(overrides: Partial<AvatarRequest>): AvatarRequest {
  folder += 1;
  return { description: KITCHEN_WOMAN, aspect: '9:16', model: 'google-imagen-4-ultra', count: 4, outDir: join(workDir, `run-${folder}`), ...overrides };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'reelsmith-avatars-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('LocalAvatarImager', () => {
  const aspects: AspectRatio[] = ['9:16', '16:9', '1:1', '4:3', '3:4'];

  it.each(aspects)('makes 4 clearly different %s PNGs at the high-quality frame size, and side frames for the one asked for', async (aspect) => {
    const asked = request({ aspect });
    const images = await imager.generate(asked);
    const { width, height } = dimensionsFor(aspect, 'high');
    expect(images).toHaveLength(4);
    // Only the pictures: the side frames wait for the variation that is used.
    expect((await readdir(asked.outDir)).sort()).toEqual(['avatar-1.png', 'avatar-2.png', 'avatar-3.png', 'avatar-4.png']);
    const side = await imager.drawSideFrames(images[2]!.sideFramesRecipe!, join(asked.outDir, 'third'));
    const pixels = [];
    for (const image of images) {
      expect([image.width, image.height]).toEqual([width, height]);
      expect(image.mouthOpenFile).toBeNull();
      for (const file of [image.file, ...(image === images[2] ? [side.mouthOpenFile, side.eyesClosedFile, side.settingFile] : [])]) {
        const metadata = await sharp(file).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', width, height]);
      }
      pixels.push(await readRgb(image.file));
    }
    for (let a = 0; a < pixels.length; a++) {
      for (let b = a + 1; b < pixels.length; b++) expect(meanAbsoluteDifference(pixels[a]!, pixels[b]!), `variation ${a + 1} vs ${b + 1}`).toBeGreaterThan(8);
    }
  });

  it.each(aspects)('%s: closed and open frames differ only in a small region at the mouth', async (aspect) => {
    const [image] = await avatarsWithSideFrames(imager, request({ aspect, count: 1, description: GYM_MAN }));
    const closed = await readRgb(image!.file);
    const open = await readRgb(image!.mouthOpenFile!);
    const box = differenceBox(closed, open);
    expect(box).not.toBeNull();
    const { width, height } = closed;
    // Small: a few percent of the frame at most.
    expect(((box!.right - box!.left + 1) * (box!.bottom - box!.top + 1)) / (width * height)).toBeLessThan(0.02);
    // In the face: between the presenter's cheeks, below the nose and above the chin.
    const presenter = presenterBox(width, height);
    const faceTopLeft = onPresenter(presenter, 95, 130);
    const faceBottomRight = onPresenter(presenter, 185, 195);
    expect(box!.left).toBeGreaterThanOrEqual(faceTopLeft.x);
    expect(box!.right).toBeLessThanOrEqual(faceBottomRight.x);
    expect(box!.top).toBeGreaterThanOrEqual(faceTopLeft.y);
    expect(box!.bottom).toBeLessThanOrEqual(faceBottomRight.y);
    // The face height the imager reports (for thumbnails) is just above the mouth that moves.
    const faceY = image!.faceY! * height;
    expect(faceY).toBeLessThan(box!.top);
    expect(box!.top - faceY).toBeLessThan(height * 0.06);
  });

  it.each(aspects)('%s: the eyes-shut frame differs only at the eyes, above the mouth', async (aspect) => {
    const [image] = await avatarsWithSideFrames(imager, request({ aspect, count: 1, description: KITCHEN_WOMAN }));
    const closed = await readRgb(image!.file);
    const shut = await readRgb(image!.eyesClosedFile!);
    const mouth = differenceBox(closed, await readRgb(image!.mouthOpenFile!))!;
    const eyes = differenceBox(closed, shut);
    expect(eyes).not.toBeNull();
    const { width, height } = closed;
    expect(((eyes!.right - eyes!.left + 1) * (eyes!.bottom - eyes!.top + 1)) / (width * height)).toBeLessThan(0.02);
    // Both eyes: wider than the mouth, centred over it, wholly above it, reaching above the face's middle.
    expect(eyes!.right - eyes!.left).toBeGreaterThan(mouth.right - mouth.left);
    expect(Math.abs((eyes!.left + eyes!.right) / 2 - (mouth.left + mouth.right) / 2)).toBeLessThan(width * 0.02);
    expect(eyes!.bottom).toBeLessThan(mouth.top);
    expect(eyes!.top).toBeLessThan(image!.faceY! * height);
  });

  it('writes the setting without the presenter: it differs from the picture around the whole presenter, and nowhere above', async () => {
    const [image] = await avatarsWithSideFrames(imager, request({ aspect: '9:16', count: 1, description: GYM_MAN }));
    const closed = await readRgb(image!.file);
    const setting = await readRgb(image!.settingFile!);
    const mouth = differenceBox(closed, await readRgb(image!.mouthOpenFile!))!;
    const presenter = differenceBox(closed, setting)!;
    const { width, height } = closed;
    // Head to the bottom of the frame, the mouth inside it, the presenter a good part of the picture.
    expect(presenter.left).toBeLessThan(mouth.left);
    expect(presenter.right).toBeGreaterThan(mouth.right);
    expect(presenter.top).toBeLessThan(mouth.top - height * 0.05);
    expect(presenter.bottom).toBe(height - 1);
    expect((presenter.right - presenter.left) / width).toBeGreaterThan(0.3);
    // Above the presenter's head the two are the same picture.
    const above = { data: closed.data.subarray(0, presenter.top * width * 3), width, height: presenter.top };
    const aboveSetting = { data: setting.data.subarray(0, presenter.top * width * 3), width, height: presenter.top };
    expect(meanAbsoluteDifference(above, aboveSetting)).toBe(0);
  });

  it('follows the description: a woman in a kitchen and a man in a gym differ in traits and pictures', async () => {
    const [woman] = await imager.generate(request({ description: KITCHEN_WOMAN, count: 1 }));
    const [man] = await imager.generate(request({ description: GYM_MAN, count: 1 }));
    expect(woman!.traits).toMatchObject({ gender: 'female', setting: 'kitchen', clothing: 'blue blazer' });
    expect(woman!.traits['hair']).toContain('red');
    expect(man!.traits).toMatchObject({ gender: 'male', setting: 'gym', clothing: 'grey hoodie' });
    expect(man!.traits['hair']).toContain('black');
    expect(meanAbsoluteDifference(await readRgb(woman!.file), await readRgb(man!.file))).toBeGreaterThan(20);
  });

  it('is deterministic for the same description and seed, and the seed varies it', async () => {
    const pixels = async (images: AvatarImage[]) => readRgb(images[0]!.file);
    const first = await pixels(await imager.generate(request({ count: 1, seed: 'a' })));
    const again = await pixels(await imager.generate(request({ count: 1, seed: 'a' })));
    const other = await pixels(await imager.generate(request({ count: 1, seed: 'b' })));
    expect(meanAbsoluteDifference(first, again)).toBe(0);
    expect(meanAbsoluteDifference(first, other)).toBeGreaterThan(3);
  });

  it('accepts both avatar models, says which style stood in, and draws them differently', async () => {
    const [imagen] = await imager.generate(request({ count: 1, model: 'google-imagen-4-ultra' }));
    const [flux] = await imager.generate(request({ count: 1, model: 'flux-kontext' }));
    expect(imagen!.model).toBe('local-illustrated (for google-imagen-4-ultra)');
    expect(flux!.model).toBe('local-illustrated (for flux-kontext)');
    expect(meanAbsoluteDifference(await readRgb(imagen!.file), await readRgb(flux!.file))).toBeGreaterThan(8);
  });

  it('fills the traits', async () => {
    const [image] = await imager.generate(request({ count: 1 }));
    expect(Object.keys(image!.traits).sort()).toEqual(['accessories', 'age', 'clothing', 'gender', 'hair', 'setting', 'skinTone']);
  });

  it('draws the same side frames from a recipe each time, as plain JSON kept elsewhere, and refuses a recipe not its own', async () => {
    const [image] = await imager.generate(request({ count: 1, seed: 'kept' }));
    const kept = JSON.parse(JSON.stringify(image!.sideFramesRecipe)) as SideFramesRecipe;
    const first = await imager.drawSideFrames(kept, join(workDir, 'frames-a'));
    const again = await imager.drawSideFrames(kept, join(workDir, 'frames-b'));
    for (const frame of ['mouthOpenFile', 'eyesClosedFile', 'settingFile'] as const) {
      expect((await readFile(again[frame])).equals(await readFile(first[frame])), frame).toBe(true);
    }
    await expect(imager.drawSideFrames({ ...kept, style: 'another-imager' }, join(workDir, 'frames-c'))).rejects.toThrow(AvatarRequestError);
    await expect(imager.drawSideFrames({ ...kept, index: 99 }, join(workDir, 'frames-c'))).rejects.toThrow(AvatarRequestError);
    await expect(imager.drawSideFrames({ ...kept, description: '  ' }, join(workDir, 'frames-c'))).rejects.toThrow(AvatarRequestError);
  });

  it('refuses a blank description and a bad count', async () => {
    await expect(imager.generate(request({ description: '   ' }))).rejects.toThrow(/description/);
    await expect(imager.generate(request({ count: 0 }))).rejects.toThrow(/count/);
  });
});
