// Where the illustrated presenter sits in a frame. Shared by the avatar imager (which draws them
// there) and the product compositor (which puts products near their hands), so the two agree.

/** The square box the avataaars bust (drawn on a 280×280 grid) is scaled into. */
export interface PresenterBox {
  x: number;
  y: number;
  size: number;
  /** Pixels from the box's bottom to the frame's bottom, filled by continuing the torso down. */
  extension: number;
}

/** Avataaars draws on a 280-unit square; the face is around (140, 120), the shoulders near y 210. */
export const AVATAR_GRID = 280;

/**
 * Upper-body presenter, centred, the torso continuing to the bottom edge, so the head sits in the
 * middle of the lower two-thirds. Portrait frames fit the presenter to the width; square and
 * landscape frames to the height, leaving more of the setting around them.
 */
export function presenterBox(width: number, height: number): PresenterBox {
  const size = Math.round(Math.min(width * 0.82, height * 0.6));
  const extension = Math.round(height * 0.12);
  return { x: Math.round((width - size) / 2), y: height - size - extension, size, extension };
}

/** A point given on the avataaars grid, in frame pixels. */
export function onPresenter(box: PresenterBox, gridX: number, gridY: number): { x: number; y: number } {
  const scale = box.size / AVATAR_GRID;
  return { x: box.x + gridX * scale, y: box.y + gridY * scale };
}

/** The line where wall meets floor in the scene backgrounds. */
export function floorLine(width: number, height: number): number {
  return Math.round(height * (width < height ? 0.72 : 0.77));
}

/** Where the presenter's face centre sits, as a fraction of the frame's height (for thumbnails that show the face). */
export function presenterFaceY(width: number, height: number): number {
  return Math.round((onPresenter(presenterBox(width, height), AVATAR_GRID / 2, 120).y / height) * 1000) / 1000;
}
