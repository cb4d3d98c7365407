// The frames an illustrated avatar picture has beside it: its mouth open (lip movement), its eyes
// shut (blinks) and its setting without the presenter (head and shoulder motion). They are stored next to the picture under derived keys, never shown on their own, and
// travel with it: into the product composites and into the talking-video renders.
//
// The local imager draws them only for the picture that is used: beside each variation it keeps its
// recipe (`-frames.json`), and the first step that needs the frames has them drawn and stored
// (`ensureSideFrames`). Product composites and other engines' pictures store theirs when they are made.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { AvatarRequestError, type AvatarImager, type SideFramesRecipe } from '@reelsmith/media';
import type { MediaStorage } from '../storage/media-storage.ts';
import { readStoredJson } from '../storage/stored-json.ts';
import { withWorkDir } from './work-dir.ts';

export interface SideFrameFiles {
  mouthOpenFile: string | null;
  eyesClosedFile: string | null;
  settingFile: string | null;
}
type SideFrame = keyof SideFrameFiles;

const SUFFIXES: Readonly<Record<SideFrame, string>> = { mouthOpenFile: '-open.png', eyesClosedFile: '-blink.png', settingFile: '-setting.png' };
const SIDE_FRAMES = Object.keys(SUFFIXES) as SideFrame[];

/** A recipe as the imagers write them: a small flat object of strings and numbers. */
const recipeSchema = z.record(z.string().max(40), z.union([z.string().max(10_000), z.number()])).refine((r) => Object.keys(r).length <= 20);

/** The key of one side frame stored beside the picture at `key`. */
export function sideFrameKey(key: string, frame: SideFrame): string {
  return key.replace(/\.png$/, SUFFIXES[frame]);
}

/** The key of the recipe kept beside the picture at `key`, from which its imager draws its side frames. */
export function sideFramesRecipeKey(key: string): string {
  return key.replace(/\.png$/, '-frames.json');
}

/** Stores the side frames an engine made beside the picture stored at `key`. */
export async function storeSideFrames(storage: MediaStorage, key: string, files: { [F in SideFrame]?: string | null | undefined }): Promise<void> {
  for (const frame of SIDE_FRAMES) {
    const file = files[frame];
    if (file) await storage.put(sideFrameKey(key, frame), { file }, 'image/png');
  }
}

/** Keeps beside the picture at `key` what its imager needs to draw the side frames when they are first needed. */
export async function storeSideFramesRecipe(storage: MediaStorage, key: string, recipe: SideFramesRecipe): Promise<void> {
  await storage.put(sideFramesRecipeKey(key), { buffer: Buffer.from(JSON.stringify(recipe)) }, 'application/json');
}

/** Which side frames are stored beside the picture at `key`. */
export async function storedSideFrames(storage: MediaStorage, key: string): Promise<Record<SideFrame, boolean>> {
  const found = await Promise.all(SIDE_FRAMES.map(async (frame) => [frame, Boolean(await storage.stat(sideFrameKey(key, frame)))] as const));
  return Object.fromEntries(found) as Record<SideFrame, boolean>;
}

/**
 * Which side frames the picture at `key` has, drawing and storing them first when it has none yet but
 * a recipe its imager can draw from. Drawing is deterministic, so two steps drawing at once store the
 * same bytes. A recipe this deployment's imager cannot draw (another engine chosen since) leaves the
 * picture without side frames: its videos move it as a photo.
 */
export async function ensureSideFrames(deps: { storage: MediaStorage; imager: AvatarImager; workDir: string }, key: string): Promise<Record<SideFrame, boolean>> {
  const stored = await storedSideFrames(deps.storage, key);
  const { imager } = deps;
  if (SIDE_FRAMES.some((frame) => stored[frame]) || !imager.drawSideFrames) return stored;
  const recipe = await readStoredJson(deps.storage, sideFramesRecipeKey(key), recipeSchema);
  if (!recipe) return stored;
  return withWorkDir(deps.workDir, `side-frames-${randomUUID()}`, async (dir) => {
    let drawn;
    try {
      drawn = await imager.drawSideFrames!(recipe, dir);
    } catch (err) {
      if (err instanceof AvatarRequestError) return stored;
      throw err;
    }
    await storeSideFrames(deps.storage, key, drawn);
    return { mouthOpenFile: true, eyesClosedFile: true, settingFile: true };
  });
}

/** Downloads the stored side frames of the picture at `key` into `dir` (null for those it has not). */
export async function fetchSideFrames(storage: MediaStorage, key: string, dir: string, stored?: Record<SideFrame, boolean>): Promise<SideFrameFiles> {
  const has = stored ?? (await storedSideFrames(storage, key));
  const fetched = await Promise.all(
    SIDE_FRAMES.map(async (frame) => {
      if (!has[frame]) return [frame, null] as const;
      const file = join(dir, `picture${SUFFIXES[frame]}`);
      await storage.download(sideFrameKey(key, frame), file);
      return [frame, file] as const;
    }),
  );
  return Object.fromEntries(fetched) as unknown as SideFrameFiles;
}
