// What burned-in captions must not cover, read from the scene picture itself: the presenter's face
// (from the eyes, where the blink frame differs, to the chin, where the open-mouth frame differs) and
// the product (where the product picture differs from the avatar it was composed on). Photos without
// those frames give what they can: the product, or nothing.
import type { ClearBox } from '../captions/caption-placement.ts';
import { colourDistance, differenceBox, readRgb, type DifferenceBox, type RgbImage } from '../avatars/pixel-compare.ts';

export interface KeepClearPictures {
  /** The scene picture (the product picture, or the avatar when the product step was skipped). */
  picture: string;
  /** The avatar the product was composed on (null without a product). */
  avatar?: string | null | undefined;
  mouthOpen?: string | null | undefined;
  eyesClosed?: string | null | undefined;
}

/** Colour distance (summed over RGB) below which two pictures' pixels count as the same (PNG round trips, anti-aliasing). */
const SAME = 24;

export async function keepClearAreas(pictures: KeepClearPictures): Promise<ClearBox[]> {
  const picture = await readRgb(pictures.picture);
  const read = async (file: string | null | undefined) => {
    if (!file) return null;
    const image = await readRgb(file);
    return image.width === picture.width && image.height === picture.height ? image : null;
  };
  const [avatar, mouthOpen, eyesClosed] = await Promise.all([read(pictures.avatar), read(pictures.mouthOpen), read(pictures.eyesClosed)]);
  const areas: ClearBox[] = [];
  const mouth = mouthOpen && differenceBox(picture, mouthOpen, SAME);
  const eyes = eyesClosed && differenceBox(picture, eyesClosed, SAME);
  if (mouth && eyes) areas.push(faceBox(eyes, mouth, picture));
  const product = avatar && productBox(picture, avatar);
  if (product) areas.push(fraction(product, picture));
  return areas;
}

/**
 * Where the product picture differs from the avatar: the product and the hand holding it. A row that
 * differs all the way across is a surface drawn in front (the counter of 'on-counter'), which captions
 * may cover: below the product's part above it, a surface row counts only where a run of pixels
 * (3 % of the width or more) differs from the row's own colour under the product (it stands there).
 */
function productBox(picture: RgbImage, avatar: RgbImage): { left: number; top: number; right: number; bottom: number } | null {
  const { width, height, data } = picture;
  let box: { left: number; top: number; right: number; bottom: number } | null = null;
  const surfaces: number[] = [];
  for (let y = 0; y < height; y++) {
    let changed = 0;
    let left = width;
    let right = -1;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (colourDistance(data, i, avatar.data, i) <= SAME) continue;
      changed++;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
    if (changed === 0) continue;
    if (changed >= width * 0.9) {
      surfaces.push(y);
      continue;
    }
    box = box ? { left: Math.min(box.left, left), right: Math.max(box.right, right), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) } : { left, right, top: y, bottom: y };
  }
  if (!box) return null;
  const minRun = Math.max(4, Math.round(width * 0.03));
  for (const y of surfaces) {
    const surface = commonColour(data, y * width * 3, width);
    let run = 0;
    let longest = 0;
    for (let x = box.left; x <= box.right; x++) {
      run = colourDistance(data, (y * width + x) * 3, surface, 0) > SAME * 2 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    if (longest >= minRun) {
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

/** The most common colour of a row (to 4 bits a channel), as an RGB triple. */
function commonColour(data: Buffer, start: number, width: number): Buffer {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (let x = 0; x < width; x++) {
    const i = start + x * 3;
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) {
      best = i;
      bestCount = n;
    }
  }
  return data.subarray(best, best + 3);
}

/** Eyes to mouth, widened by a third of that height above and below (brows, chin) and by the head's sway. */
function faceBox(eyes: DifferenceBox, mouth: DifferenceBox, picture: RgbImage): ClearBox {
  const span = mouth.bottom - eyes.top;
  const sway = Math.ceil(picture.width * 0.006);
  return fraction(
    {
      left: Math.min(eyes.left, mouth.left) - sway,
      right: Math.max(eyes.right, mouth.right) + sway,
      top: eyes.top - span / 3 - sway,
      bottom: mouth.bottom + span / 3 + sway,
    },
    picture,
  );
}

function fraction(box: { left: number; top: number; right: number; bottom: number }, picture: RgbImage): ClearBox {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return {
    left: clamp(box.left / picture.width),
    right: clamp((box.right + 1) / picture.width),
    top: clamp(box.top / picture.height),
    bottom: clamp((box.bottom + 1) / picture.height),
  };
}
