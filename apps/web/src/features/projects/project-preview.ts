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

/**
 * Where a photo's face usually sits when nothing says: a third of the way down, as talking-head
 * portraits and selfies are framed (uploaded photos, providers' pictures).
 */
export const USUAL_FACE_Y = 0.36;

/** The preview's face height (a fraction of the picture's height): recorded by the engine that drew it, else the usual one. */
export function projectPreviewFaceY(assets: Project['assets'], url: string): number {
  return assets.avatar_product?.faces?.[url] ?? assets.avatar?.faces?.[url] ?? USUAL_FACE_Y;
}

/** CSS object-position that keeps the face in a cover-cropped band. */
export function facePosition(faceY: number): string {
  return `50% ${Math.round(Math.min(1, Math.max(0, faceY)) * 100)}%`;
}
