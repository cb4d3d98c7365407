// What the burned-in captions keep clear of in this project's scenes: read from the picture the scene
// videos were made from (the product picture, or the avatar when the product step was skipped), its
// side frames (the face) and the avatar it was composed on (the product). Worked out once per picture
// and kept beside it (`-clear.json`): the final merge and Step 6's preview both read it. A picture that
// can no longer be read leaves the captions at the chosen place: the video is still made.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { keepClearAreas, type ClearBox } from '@reelsmith/media';
import type { ProjectAssets } from '@reelsmith/shared';
import type { AppDeps } from '../../app-deps.ts';
import { keyFromMediaUrl } from '../../storage/media-storage.ts';
import { readStoredJson } from '../../storage/stored-json.ts';
import { avatarPool, resolveSelection } from '../../projects/project-media.ts';
import { selectedPicture } from '../project-status.ts';
import { fetchSideFrames } from '../side-frames.ts';
import { withWorkDir } from '../work-dir.ts';

const fraction = z.number().min(0).max(1);
const storedAreas = z.array(z.object({ left: fraction, top: fraction, right: fraction, bottom: fraction })).max(8);

export async function captionKeepClear(deps: Pick<AppDeps, 'storage' | 'logger' | 'workDir'>, assets: ProjectAssets): Promise<ClearBox[]> {
  const pictureKey = keyFromMediaUrl(selectedPicture(assets) ?? '');
  if (!pictureKey) return [];
  const avatarUrl = resolveSelection(assets.avatar?.selected, avatarPool(assets));
  const avatarKey = avatarUrl ? keyFromMediaUrl(avatarUrl) : null;
  // Kept per picture and the avatar it was composed on (one product picture is only ever made on one).
  const cacheKey = pictureKey.replace(/\.png$/, '-clear.json');
  const cached = cacheKey !== pictureKey ? await readStoredJson(deps.storage, cacheKey, storedAreas) : null;
  if (cached) return cached;
  try {
    const areas = await withWorkDir(deps.workDir, `keep-clear-${randomUUID()}`, async (dir) => {
      const picture = join(dir, 'picture.png');
      await deps.storage.download(pictureKey, picture);
      const side = await fetchSideFrames(deps.storage, pictureKey, dir);
      let avatar: string | null = null;
      if (avatarKey && avatarKey !== pictureKey) {
        avatar = join(dir, 'avatar.png');
        await deps.storage.download(avatarKey, avatar);
      }
      return keepClearAreas({ picture, avatar, mouthOpen: side.mouthOpenFile, eyesClosed: side.eyesClosedFile });
    });
    if (cacheKey !== pictureKey) await deps.storage.put(cacheKey, { buffer: Buffer.from(JSON.stringify(areas)) }, 'application/json');
    return areas;
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, pictureKey }, 'captions: the scene picture could not be read; captions stay at the chosen place');
    return [];
  }
}
