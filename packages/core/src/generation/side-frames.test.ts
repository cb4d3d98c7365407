import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalAvatarImager, type AvatarImager } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../storage/local-disk-storage.ts';
import { ensureSideFrames, sideFrameKey, sideFramesRecipeKey, storeSideFramesRecipe } from './side-frames.ts';

const FRAMES = ['mouthOpenFile', 'eyesClosedFile', 'settingFile'] as const;

let dir: string;
let storage: LocalDiskStorage;
const imager = new LocalAvatarImager();
let picture = 0;

/** A variation as the avatars step stores it: the picture, and beside it its recipe. */
async function storedVariation(description: string): Promise<string> {
  picture += 1;
  const [image] = await imager.generate({ description, aspect: '1:1', model: 'flux-kontext', count: 1, outDir: join(dir, `made-${picture}`), seed: `s${picture}` });
  const key = `projects/00000000-0000-4000-8000-000000000001/avatars/v${picture}.png`;
  await storage.put(key, { file: image!.file }, 'image/png');
  await storeSideFramesRecipe(storage, key, image!.sideFramesRecipe!);
  return key;
}

const read = async (key: string) => readFile(join(dir, 'media', key));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-side-frames-'));
  storage = new LocalDiskStorage(join(dir, 'media'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ensureSideFrames', () => {
  it('draws and stores a picture’s side frames from its recipe when first needed, then finds them stored', async () => {
    const key = await storedVariation('A woman with a bun in a bright kitchen');
    for (const frame of FRAMES) expect(await storage.stat(sideFrameKey(key, frame))).toBeNull();
    const deps = { storage, imager, workDir: join(dir, 'work') };
    expect(await ensureSideFrames(deps, key)).toEqual({ mouthOpenFile: true, eyesClosedFile: true, settingFile: true });
    const stored = await Promise.all(FRAMES.map((frame) => read(sideFrameKey(key, frame))));
    // Found, not drawn again: an imager that cannot draw still answers that they are there.
    const noDrawing: AvatarImager = { generate: () => Promise.reject(new Error('not asked')), drawSideFrames: () => Promise.reject(new Error('drew again')) };
    expect(await ensureSideFrames({ ...deps, imager: noDrawing }, key)).toEqual({ mouthOpenFile: true, eyesClosedFile: true, settingFile: true });
    for (const [i, frame] of FRAMES.entries()) expect((await read(sideFrameKey(key, frame))).equals(stored[i]!)).toBe(true);
  });

  it('gives two steps asking at once the same frames', async () => {
    const key = await storedVariation('A man with a beard in an office');
    const deps = { storage, imager, workDir: join(dir, 'work') };
    const [a, b] = await Promise.all([ensureSideFrames(deps, key), ensureSideFrames(deps, key)]);
    expect(a).toEqual(b);
    const again = await imager.drawSideFrames(JSON.parse((await read(sideFramesRecipeKey(key))).toString('utf8')) as Record<string, string>, join(dir, 'again'));
    for (const frame of FRAMES) expect((await read(sideFrameKey(key, frame))).equals(await readFile(again[frame])), frame).toBe(true);
  });

  it('leaves a picture without a recipe, or whose recipe this imager does not draw, without side frames', async () => {
    const deps = { storage, imager, workDir: join(dir, 'work') };
    const photo = 'projects/00000000-0000-4000-8000-000000000001/avatars/upload.png';
    await storage.put(photo, { buffer: await read(await storedVariation('A person in a park')) }, 'image/png');
    expect(await ensureSideFrames(deps, photo)).toEqual({ mouthOpenFile: false, eyesClosedFile: false, settingFile: false });

    const foreign = await storedVariation('A person at the beach');
    await storage.put(sideFramesRecipeKey(foreign), { buffer: Buffer.from(JSON.stringify({ style: 'someone-else', index: 0 })) }, 'application/json');
    expect(await ensureSideFrames(deps, foreign)).toEqual({ mouthOpenFile: false, eyesClosedFile: false, settingFile: false });
    const unreadable = await storedVariation('A person in a gym');
    await storage.put(sideFramesRecipeKey(unreadable), { buffer: Buffer.from('{"style": ') }, 'application/json');
    expect(await ensureSideFrames(deps, unreadable)).toEqual({ mouthOpenFile: false, eyesClosedFile: false, settingFile: false });

    // A provider's imager draws no side frames: the recipe of a picture the local imager made stays unused.
    const provider: AvatarImager = { generate: () => Promise.reject(new Error('not asked')) };
    const local = await storedVariation('A person in a library');
    expect(await ensureSideFrames({ ...deps, imager: provider }, local)).toEqual({ mouthOpenFile: false, eyesClosedFile: false, settingFile: false });
    for (const frame of FRAMES) expect(await storage.stat(sideFrameKey(local, frame))).toBeNull();
  });

  it('fails the step when drawing fails for another reason than the recipe', async () => {
    const key = await storedVariation('A person in a studio');
    const broken: AvatarImager = { generate: () => Promise.reject(new Error('not asked')), drawSideFrames: () => Promise.reject(new Error('disk full')) };
    await expect(ensureSideFrames({ storage, imager: broken, workDir: join(dir, 'work') }, key)).rejects.toThrow('disk full');
    for (const frame of FRAMES) expect(await storage.stat(sideFrameKey(key, frame))).toBeNull();
  });
});
