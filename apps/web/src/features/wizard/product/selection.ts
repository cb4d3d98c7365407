import type { ProjectAssets } from '@reelsmith/shared';

type Selection = string | number | null | undefined;

/** A selection resolved to a URL: a string is itself, a number indexes the pool. */
export function resolveSelection(selected: Selection, pool: readonly string[]): string | null {
  if (selected === null || selected === undefined) return null;
  if (typeof selected === 'number') return pool[selected] ?? null;
  return selected;
}

/** Step 3's choice: an index into variations + uploaded, or a URL. */
export function selectedAvatarUrl(assets: ProjectAssets): string | null {
  const avatar = assets.avatar;
  return resolveSelection(avatar?.selected, [...(avatar?.variations ?? []), ...(avatar?.uploaded ?? [])]);
}

/** Step 4's chosen variation (null when skipped or none chosen). */
export function selectedProductUrl(assets: ProjectAssets): string | null {
  const product = assets.avatar_product;
  if (!product || product.skipped) return null;
  return resolveSelection(product.selected, product.variations ?? []);
}

/** The index of step 4's chosen variation in its gallery, or -1. */
export function selectedProductIndex(assets: ProjectAssets): number {
  const url = selectedProductUrl(assets);
  return url ? (assets.avatar_product?.variations ?? []).indexOf(url) : -1;
}

/** Spec §5: the picture videos are made from — the product-interaction choice if present, else the avatar. */
export function selectedPictureUrl(assets: ProjectAssets): string | null {
  return selectedProductUrl(assets) ?? selectedAvatarUrl(assets);
}
