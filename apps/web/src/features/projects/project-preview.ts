import type { Project } from '@reelsmith/shared';

function pick(selected: string | number | null | undefined, variations: readonly string[] | undefined): string | null {
  if (typeof selected === 'string') return selected;
  if (typeof selected === 'number') return variations?.[selected] ?? null;
  return null;
}

/** The picture that stands for a project: the avatar holding the product, else the chosen avatar. */
export function projectPreviewImage(assets: Project['assets']): string | null {
  return pick(assets.avatar_product?.selected, assets.avatar_product?.variations) ?? pick(assets.avatar?.selected, assets.avatar?.variations);
}
