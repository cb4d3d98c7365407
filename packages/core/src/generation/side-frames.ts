// The frames an illustrated avatar picture has beside it: its mouth open (lip movement), its eyes
// shut (blinks) and its setting without the presenter (head and shoulder motion). They are stored next to the picture under derived keys, never shown on their own, and
// travel with it: into the product composites and into the talking-video renders.
import { join } from 'node:path';
import type { MediaStorage } from '../storage/media-storage.ts';

export interface SideFrameFiles {
  mouthOpenFile: string | null;
  eyesClosedFile: string | null;
  settingFile: string | null;
}
type SideFrame = keyof SideFrameFiles;

const SUFFIXES: Readonly<Record<SideFrame, string>> = { mouthOpenFile: '-open.png', eyesClosedFile: '-blink.png', settingFile: '-setting.png' };
const SIDE_FRAMES = Object.keys(SUFFIXES) as SideFrame[];

/** The key of one side frame stored beside the picture at `key`. */
export function sideFrameKey(key: string, frame: SideFrame): string {
  return key.replace(/\.png$/, SUFFIXES[frame]);
}

/** Stores the side frames an engine made beside the picture stored at `key`. */
export async function storeSideFrames(storage: MediaStorage, key: string, files: { [F in SideFrame]?: string | null | undefined }): Promise<void> {
  for (const frame of SIDE_FRAMES) {
    const file = files[frame];
    if (file) await storage.put(sideFrameKey(key, frame), { file }, 'image/png');
  }
}

/** Which side frames are stored beside the picture at `key`. */
export async function storedSideFrames(storage: MediaStorage, key: string): Promise<Record<SideFrame, boolean>> {
  const found = await Promise.all(SIDE_FRAMES.map(async (frame) => [frame, Boolean(await storage.stat(sideFrameKey(key, frame)))] as const));
  return Object.fromEntries(found) as Record<SideFrame, boolean>;
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
