import type { ProjectAssets, ProjectStatus, Scene } from '@reelsmith/shared';
import { avatarPool, resolveSelection } from '../projects/project-media.ts';

/** The selected avatar picture: the product-interaction choice if there is one, else the avatar. */
export function selectedPicture(assets: ProjectAssets): string | null {
  const product = assets.avatar_product;
  if (product && !product.skipped) {
    const url = resolveSelection(product.selected, product.variations ?? []);
    if (url) return url;
  }
  return resolveSelection(assets.avatar?.selected, avatarPool(assets));
}

/**
 * The status the work shows: Draft → MediaGenerated (voiceover and avatar made) → LipSynced
 * (every scene video made) → Merged (final video made).
 */
export function deriveStatus(scenes: Scene[], assets: ProjectAssets): ProjectStatus {
  if (assets.final) return 'Merged';
  const ids = scenes.map((s) => s.sceneId);
  if (ids.length === 0) return 'Draft';
  if (ids.every((id) => assets.video_generated?.[id])) return 'LipSynced';
  const voiced = ids.every((id) => assets.voiceover?.[id]);
  if (voiced && selectedPicture(assets)) return 'MediaGenerated';
  return 'Draft';
}
