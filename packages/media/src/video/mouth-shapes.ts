// The nine mouth shapes drawn from the two frames the avatar engine makes (mouth closed, mouth open):
// the opening of the open frame (where it differs from the closed one) is scaled about its centre and
// laid over the closed frame, wider and flatter for 'ee', narrower and rounder for 'oo', a sliver for
// 'f'. Everything outside the mouth stays the closed frame's own pixels.
import { colourDistance, differenceBox } from '../avatars/pixel-compare.ts';
import type { Viseme } from './visemes.ts';

/** Horizontal and vertical scale of the open mouth for each shape; null: the closed frame as it is. */
export const MOUTH_SHAPES: Readonly<Record<Viseme, readonly [number, number] | null>> = {
  rest: null,
  closed: null,
  lipbite: [1, 0.3],
  teeth: [0.95, 0.45],
  pucker: [0.55, 0.6],
  wide: [1.2, 0.5],
  mid: [0.9, 0.7],
  round: [0.72, 0.95],
  open: [1, 1],
};

export interface RgbFrame {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Colour distance (summed over RGB) above which the open frame's pixel is part of the opening. */
const OPENING = 48;

/** Where the open frame differs clearly from the closed one (the opening), or null when it does not (3-channel frames). */
export function openingBox(closed: RgbFrame, open: RgbFrame): Box | null {
  const box = differenceBox(closed, open, OPENING);
  return box && { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
}

function differs(a: RgbFrame, b: RgbFrame, i: number): boolean {
  return colourDistance(a.data, i, b.data, i) > OPENING;
}

/** The frame for one shape (the closed frame itself for rest and closed); `opening` scales how far it opens. */
export function mouthShape(closed: RgbFrame, open: RgbFrame, box: Box, viseme: Viseme, opening = 1): RgbFrame {
  if (!MOUTH_SHAPES[viseme]) return closed;
  const out = Buffer.from(closed.data);
  paintMouthShape(out, closed, open, box, viseme, opening);
  return { data: out, width: closed.width, height: closed.height, channels: closed.channels };
}

/**
 * Paints the shape into `out` (the closed frame's pixels, or a copy of them: only the pixels of the
 * opening within shapeArea are written), as mouthShape draws it without allocating a frame.
 */
export function paintMouthShape(out: Buffer, closed: RgbFrame, open: RgbFrame, box: Box, viseme: Viseme, opening = 1): void {
  const scale = MOUTH_SHAPES[viseme];
  if (!scale) return;
  const sx = scale[0];
  const sy = scale[1] * opening;
  const { width, channels } = closed;
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const area = shapeArea(box, viseme, opening, closed);
  for (let y = area.top; y <= area.bottom; y++) {
    for (let x = area.left; x <= area.right; x++) {
      // The open frame's pixel this one shows, if it is part of the opening.
      const qx = Math.round(cx + (x - cx) / sx);
      const qy = Math.round(cy + (y - cy) / sy);
      if (qx < box.left || qx > box.right || qy < box.top || qy > box.bottom) continue;
      const q = (qy * width + qx) * channels;
      if (!differs(closed, open, q)) continue;
      const p = (y * width + x) * channels;
      out[p] = open.data[q]!;
      out[p + 1] = open.data[q + 1]!;
      out[p + 2] = open.data[q + 2]!;
    }
  }
}

/** Where mouthShape may change pixels for a shape (the opening scaled about its centre), within the frame; none for rest and closed. */
export function shapeArea(box: Box, viseme: Viseme, opening: number, frame: { width: number; height: number }): Box {
  const scale = MOUTH_SHAPES[viseme];
  if (!scale) return { left: 0, top: 0, right: -1, bottom: -1 };
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const halfW = ((box.right - box.left) / 2 + 1) * Math.max(1, scale[0]);
  const halfH = ((box.bottom - box.top) / 2 + 1) * Math.max(1, scale[1] * opening);
  return {
    left: Math.max(0, Math.floor(cx - halfW)),
    right: Math.min(frame.width - 1, Math.ceil(cx + halfW)),
    top: Math.max(0, Math.floor(cy - halfH)),
    bottom: Math.min(frame.height - 1, Math.ceil(cy + halfH)),
  };
}
