// The frames an illustrated avatar picture has beside it: its mouth open (lip movement) and its eyes
// shut (blinks). They are stored next to the picture under derived keys, never shown on their own, and
// travel with it: into the product composites and into the talking-video renders.
import { join } from 'node:path';
import type { MediaStorage } from '../storage/media-storage.ts';

export interface SideFrameFiles {
  mouthOpenFile: string | null;
  eyesClosedFile: string | null;
}

const SUFFIXES: Readonly<Record<keyof SideFrameFiles, string>> = { mouthOpenFile: '-open.png', eyesClosedFile: '-blink.png' };

/** The key of one side frame stored beside the picture at `key`. */
export function sideFrameKey(key: string, frame: keyof SideFrameFiles): string {
  return key.replace(/\.png$/, SUFFIXES[frame]);
}

/** Stores the side frames an engine made beside the picture stored at `key`. */
export async function storeSideFrames(storage: MediaStorage, key: string, files: { mouthOpenFile: string | null; eyesClosedFile?: string | null | undefined }): Promise<void> {
  for (const frame of ['mouthOpenFile', 'eyesClosedFile'] as const) {
    const file = files[frame];
    if (file) await storage.put(sideFrameKey(key, frame), { file }, 'image/png');
  }
}

/** Which side frames are stored beside the picture at `key`. */
export async function storedSideFrames(storage: MediaStorage, key: string): Promise<Record<keyof SideFrameFiles, boolean>> {
  const [open, shut] = await Promise.all([storage.stat(sideFrameKey(key, 'mouthOpenFile')), storage.stat(sideFrameKey(key, 'eyesClosedFile'))]);
  return { mouthOpenFile: Boolean(open), eyesClosedFile: Boolean(shut) };
}

/** Downloads the stored side frames of the picture at `key` into `dir` (null for those it has not). */
export async function fetchSideFrames(storage: MediaStorage, key: string, dir: string, stored?: Record<keyof SideFrameFiles, boolean>): Promise<SideFrameFiles> {
  const has = stored ?? (await storedSideFrames(storage, key));
  const fetch = async (frame: keyof SideFrameFiles, name: string) => {
    if (!has[frame]) return null;
    const file = join(dir, name);
    await storage.download(sideFrameKey(key, frame), file);
    return file;
  };
  const [mouthOpenFile, eyesClosedFile] = await Promise.all([fetch('mouthOpenFile', 'picture-open.png'), fetch('eyesClosedFile', 'picture-blink.png')]);
  return { mouthOpenFile, eyesClosedFile };
}
