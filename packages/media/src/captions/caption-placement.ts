// Where burned-in captions go: at the customer's chosen place (bottom, middle, top) unless that would
// cover what the viewer watches — the presenter's face, the product — then the nearest place in the
// same part of the frame that keeps clear of both: moved up or down past it, or beside it in the
// widest free span of at least 45 % of the width. With nothing clear, the chosen place as it is.
import type { CaptionPosition } from '@reelsmith/shared';

/** A part of the picture to keep clear, as fractions of the frame (0 left/top … 1 right/bottom). */
export interface ClearBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the caption block sits, in pixels: ASS alignment (2 bottom, 5 middle, 8 top, centred) and margins. */
export interface CaptionArea {
  alignment: number;
  marginL: number;
  marginR: number;
  marginV: number;
  /** The width the text may use (line lengths are cut to it). */
  textWidth: number;
}

export interface PlacementRequest {
  position: CaptionPosition;
  width: number;
  height: number;
  /** The caption block's height in pixels (all its lines, box or outline included). */
  blockHeight: number;
  /** Distance from the frame's edge at the chosen place (bottom and top), in pixels. */
  marginV: number;
  /** Share of the width the text may use at most. */
  textShare: number;
  keepClear: readonly ClearBox[];
}

/** Space kept between the captions and what they avoid, as a share of the frame's height. */
const GAP = 0.015;
/** A span beside an object is used only when it is at least this share of the width (15 characters of the clean style). */
const MIN_SPAN = 0.45;
/** The part of the frame each place may move within (top and bottom of the block, as shares of the height). */
const REGIONS: Readonly<Record<CaptionPosition, readonly [number, number]>> = { bottom: [0.5, 0.98], middle: [0.22, 0.78], top: [0.02, 0.5] };

interface Candidate {
  top: number;
  left: number;
  right: number;
  cost: number;
}

export function captionArea(request: PlacementRequest): CaptionArea {
  const { position, width, height, blockHeight, marginV, textShare } = request;
  const side = (width * (1 - textShare)) / 2;
  const boxes = request.keepClear.map((b) => ({ left: b.left * width, right: b.right * width, top: b.top * height, bottom: b.bottom * height }));
  const gap = GAP * height;
  const defaultTop = position === 'bottom' ? height - marginV - blockHeight : position === 'top' ? marginV : (height - blockHeight) / 2;
  const [regionTop, regionBottom] = REGIONS[position].map((share) => share * height) as [number, number];
  const hits = (c: Candidate) => boxes.filter((b) => c.left < b.right + gap && c.right > b.left - gap && c.top < b.bottom + gap && c.top + blockHeight > b.top - gap);
  const inRegion = (top: number) => top >= Math.min(regionTop, defaultTop) - 0.5 && top + blockHeight <= Math.max(regionBottom, defaultTop + blockHeight) + 0.5;

  const base: Candidate = { top: defaultTop, left: side, right: width - side, cost: 0 };
  const blocking = hits(base);
  if (blocking.length === 0) return toArea(base, position, request);

  const candidates: Candidate[] = [];
  // Past each box in the way, up or down, full width.
  for (const b of boxes) {
    for (const top of [Math.floor(b.top - gap - blockHeight) - 1, Math.ceil(b.bottom + gap) + 1]) {
      if (inRegion(top)) candidates.push({ top, left: side, right: width - side, cost: Math.abs(top - defaultTop) / height });
    }
  }
  // Beside what is in the way, at the chosen height: the widest free span.
  const spans = freeSpans(side, width - side, blocking.map((b) => [b.left - gap, b.right + gap] as const));
  const widest = spans.sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0];
  if (widest && widest[1] - widest[0] >= MIN_SPAN * width) candidates.push({ top: defaultTop, left: widest[0], right: widest[1], cost: 0.15 });
  const clear = candidates.filter((c) => hits(c).length === 0).sort((a, b) => a.cost - b.cost)[0];
  return toArea(clear ?? base, position, request);
}

function toArea(c: Candidate, position: CaptionPosition, request: PlacementRequest): CaptionArea {
  const { width, height, blockHeight } = request;
  const marginL = Math.round(c.left);
  const marginR = Math.round(width - c.right);
  const textWidth = Math.round(c.right - c.left);
  if (position === 'bottom') return { alignment: 2, marginL, marginR, marginV: Math.round(height - c.top - blockHeight), textWidth };
  if (position === 'top') return { alignment: 8, marginL, marginR, marginV: Math.round(c.top), textWidth };
  // Middle: centred by libass unless moved, then placed from the top.
  const centred = Math.abs(c.top - (height - blockHeight) / 2) < 1;
  return centred ? { alignment: 5, marginL, marginR, marginV: 0, textWidth } : { alignment: 8, marginL, marginR, marginV: Math.round(c.top), textWidth };
}

/** The parts of [from, to] not covered by any of `taken`. */
function freeSpans(from: number, to: number, taken: readonly (readonly [number, number])[]): [number, number][] {
  let spans: [number, number][] = [[from, to]];
  for (const [a, b] of taken) {
    spans = spans.flatMap(([s, e]): [number, number][] => {
      if (b <= s || a >= e) return [[s, e]];
      return [...(a > s ? [[s, a] as [number, number]] : []), ...(b < e ? [[b, e] as [number, number]] : [])];
    });
  }
  return spans;
}
