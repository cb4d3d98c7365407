// What the burned-in captions keep clear of in this project's scenes: read from the picture the scene
// videos were made from (the product picture, or the avatar when the product step was skipped), its
// side frames (the face) and the avatar it was composed on (the product). A picture that can no longer
// be read leaves the captions at the chosen place: the video is still made.
import { join } from 'node:path';
import { keepClearAreas, type ClearBox } from '@reelsmith/media';
import type { ProjectAssets } from '@reelsmith/shared';
import type { AppDeps } from '../../app-deps.ts';
import { keyFromMediaUrl } from '../../storage/media-storage.ts';
import { avatarPool, resolveSelection } from '../../projects/project-media.ts';
import { selectedPicture } from '../project-status.ts';
import { fetchSideFrames } from '../side-frames.ts';

export async function captionKeepClear(deps: Pick<AppDeps, 'storage' | 'logger'>, assets: ProjectAssets, dir: string): Promise<ClearBox[]> {
  const pictureKey = keyFromMediaUrl(selectedPicture(assets) ?? '');
  if (!pictureKey) return [];
  const avatarUrl = resolveSelection(assets.avatar?.selected, avatarPool(assets));
  const avatarKey = avatarUrl ? keyFromMediaUrl(avatarUrl) : null;
  try {
    const picture = join(dir, 'keep-clear-picture.png');
    await deps.storage.download(pictureKey, picture);
    const side = await fetchSideFrames(deps.storage, pictureKey, dir);
    let avatar: string | null = null;
    if (avatarKey && avatarKey !== pictureKey) {
      avatar = join(dir, 'keep-clear-avatar.png');
      await deps.storage.download(avatarKey, avatar);
    }
    return await keepClearAreas({ picture, avatar, mouthOpen: side.mouthOpenFile, eyesClosed: side.eyesClosedFile });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, pictureKey }, 'captions: the scene picture could not be read; captions stay at the chosen place');
    return [];
  }
}
