// Head and shoulder motion for the illustrated presenter. The presenter is cut out of its picture
// (where it differs from the setting alone) and moved over the still setting: a slow sway from side to
// side and the rise and fall of breathing, a few pixels each way. The cut-out moves whole, so the face
// is never distorted; every clip starts at rest, so scenes cut together without a jump.
import { colourDistance } from '../avatars/pixel-compare.ts';
import type { RgbFrame } from './mouth-shapes.ts';

/** The presenter's region in the frame, and how far it reaches past each edge to cover the motion. */
export interface LayerBox {
  /** Where the layer's top-left corner sits at rest (may be left of or below the frame). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PresenterLayer {
  box: LayerBox;
  /** Opacity of each layer pixel (255 presenter, 0 setting), one byte per pixel. */
  mask: Buffer;
}

/** How far the presenter moves each way, in pixels (even: 4:2:0 video places it on even pixels). */
export function swayAmplitude(size: { width: number; height: number }): { x: number; y: number } {
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  return { x: even(size.width * 0.004), y: even(size.height * 0.003) };
}

/** Seconds per cycle: a side-to-side sway made of two slow waves, and breathing (about 16 breaths a minute). */
const SWAY_PERIODS = [5.3, 2.9] as const;
const BREATH_PERIOD = 3.8;

/** The presenter's offset from rest at `t` seconds (what the ffmpeg expressions below compute). */
export function swayAt(t: number, amplitude: { x: number; y: number }): { x: number; y: number } {
  const x = amplitude.x * (0.65 * Math.sin((2 * Math.PI * t) / SWAY_PERIODS[0]) + 0.35 * Math.sin((2 * Math.PI * t) / SWAY_PERIODS[1]));
  // Breathing lifts the shoulders and head, then lets them settle back.
  const y = -amplitude.y * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / BREATH_PERIOD));
  return { x, y };
}

/** ffmpeg overlay expressions (in `t`) placing the layer at its rest position plus swayAt(t). */
export function swayExpressions(box: LayerBox, amplitude: { x: number; y: number }): { x: string; y: string } {
  return {
    x: `${box.x}+${amplitude.x}*(0.65*sin(2*PI*t/${SWAY_PERIODS[0]})+0.35*sin(2*PI*t/${SWAY_PERIODS[1]}))`,
    y: `${box.y}-${amplitude.y}*(0.5-0.5*cos(2*PI*t/${BREATH_PERIOD}))`,
  };
}

/** Colour distance (sum over channels) above which a pixel is the presenter's, not the setting's. */
const PRESENTER_THRESHOLD = 24;

/**
 * The presenter's cut-out: pixels where `picture` differs from `setting`, grown by a pixel to keep
 * the anti-aliased edge, in a box (even-sized and -placed) that reaches past any frame edge the
 * presenter touches by the motion's amplitude, so moving it never uncovers a gap. Null when the two
 * pictures do not differ.
 */
export function presenterLayer(picture: RgbFrame, setting: RgbFrame, amplitude: { x: number; y: number }): PresenterLayer | null {
  const { width, height, channels } = picture;
  const inside = new Uint8Array(width * height);
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if (colourDistance(picture.data, i, setting.data, i) <= PRESENTER_THRESHOLD) continue;
      inside[y * width + x] = 1;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  const floorEven = (n: number) => Math.floor(n / 2) * 2;
  const ceilEven = (n: number) => Math.ceil(n / 2) * 2;
  // One pixel of margin for the grown edge; past the frame's edges where the presenter touches them.
  const x0 = left <= 1 ? -amplitude.x : floorEven(Math.max(0, left - 2));
  const y0 = top <= 1 ? -amplitude.y : floorEven(Math.max(0, top - 2));
  const x1 = right >= width - 2 ? width + amplitude.x : Math.min(width, ceilEven(right + 3));
  const y1 = bottom >= height - 2 ? height + amplitude.y : Math.min(height, ceilEven(bottom + 3));
  const box = { x: x0, y: y0, width: ceilEven(x1 - x0), height: ceilEven(y1 - y0) };
  const mask = Buffer.alloc(box.width * box.height);
  for (let ly = 0; ly < box.height; ly++) {
    const sy = clamp(box.y + ly, height);
    for (let lx = 0; lx < box.width; lx++) {
      const sx = clamp(box.x + lx, width);
      // Grown by one pixel: the pixel or a neighbour is the presenter's.
      let on = false;
      for (let dy = -1; dy <= 1 && !on; dy++) {
        for (let dx = -1; dx <= 1 && !on; dx++) on = inside[clamp(sy + dy, height) * width + clamp(sx + dx, width)] === 1;
      }
      if (on) mask[ly * box.width + lx] = 255;
    }
  }
  return { box, mask };
}

/** The layer's part of a frame: the box cut out, edge pixels repeated where it reaches past the frame. */
export function cropLayer(frame: RgbFrame, box: LayerBox): RgbFrame {
  const { width, height, channels } = frame;
  const out = Buffer.alloc(box.width * box.height * channels);
  for (let ly = 0; ly < box.height; ly++) {
    const sy = clamp(box.y + ly, height);
    const inFrame = box.x >= 0 && box.x + box.width <= width;
    if (inFrame) {
      frame.data.copy(out, ly * box.width * channels, (sy * width + box.x) * channels, (sy * width + box.x + box.width) * channels);
      continue;
    }
    for (let lx = 0; lx < box.width; lx++) {
      const sx = clamp(box.x + lx, width);
      frame.data.copy(out, (ly * box.width + lx) * channels, (sy * width + sx) * channels, (sy * width + sx) * channels + channels);
    }
  }
  return { data: out, width: box.width, height: box.height, channels };
}

function clamp(n: number, size: number): number {
  return n < 0 ? 0 : n >= size ? size - 1 : n;
}
