import { describe, expect, it } from 'vitest';
import { captionArea, type CaptionArea, type ClearBox, type PlacementRequest } from './caption-placement.ts';

const W = 1080;
const H = 1920;
const request = (over: Partial<PlacementRequest>): PlacementRequest => ({ position: 'bottom', width: W, height: H, blockHeight: 120, marginV: 269, textShare: 0.9, keepClear: [], ...over });

/** The block's box in pixels for an area (bottom/top alignments; middle centred). */
function blockOf(area: CaptionArea, blockHeight: number): { left: number; right: number; top: number; bottom: number } {
  const top = area.alignment === 2 ? H - area.marginV - blockHeight : area.alignment === 8 ? area.marginV : (H - blockHeight) / 2;
  return { left: area.marginL, right: W - area.marginR, top, bottom: top + blockHeight };
}
const overlaps = (a: ReturnType<typeof blockOf>, b: ClearBox) => a.left < b.right * W && a.right > b.left * W && a.top < b.bottom * H && a.bottom > b.top * H;

// The illustrated presenter's face (eyes to chin) and the four product layouts, as the local engine draws them.
const face: ClearBox = { left: 0.36, top: 0.36, right: 0.64, bottom: 0.47 };
const beside: ClearBox = { left: 0.6, top: 0.5, right: 0.96, bottom: 0.96 };
const heldInHand: ClearBox = { left: 0.55, top: 0.68, right: 0.85, bottom: 0.84 };
const raised: ClearBox = { left: 0.05, top: 0.2, right: 0.36, bottom: 0.55 };
const onCounter: ClearBox = { left: 0, top: 0.6, right: 1, bottom: 1 };

describe('captionArea', () => {
  it('keeps the chosen place when nothing is in the way', () => {
    expect(captionArea(request({ keepClear: [face] }))).toEqual({ alignment: 2, marginL: 54, marginR: 54, marginV: 269, textWidth: 972 });
    expect(captionArea(request({ position: 'top', keepClear: [face] }))).toMatchObject({ alignment: 8, marginV: 269 });
    expect(captionArea(request({ position: 'middle', keepClear: [] }))).toMatchObject({ alignment: 5, marginV: 0 });
  });

  it.each([
    ['beside', beside],
    ['held in hand', heldInHand],
    ['on the counter', onCounter],
  ])('keeps bottom captions clear of the face and a product %s, low in the frame', (_name, product) => {
    const area = captionArea(request({ keepClear: [face, product] }));
    const block = blockOf(area, 120);
    expect(overlaps(block, face)).toBe(false);
    expect(overlaps(block, product)).toBe(false);
    expect(block.top).toBeGreaterThan(H * 0.47);
    // Wide enough to read: 45 % of the frame or more.
    expect(area.textWidth).toBeGreaterThanOrEqual(W * 0.45);
  });

  it('sets captions beside a product that fills the lower right, centred in the free part', () => {
    const area = captionArea(request({ keepClear: [face, beside] }));
    expect(area.alignment).toBe(2);
    expect(area.marginV).toBe(269);
    expect(W - area.marginR).toBeLessThanOrEqual(beside.left * W);
    expect(area.marginL).toBe(54);
  });

  it('moves middle captions off the face, and top captions off a raised product', () => {
    const middle = captionArea(request({ position: 'middle', keepClear: [face] }));
    const block = blockOf(middle, 120);
    expect(overlaps(block, face)).toBe(false);
    expect(block.top).toBeGreaterThanOrEqual(H * 0.22);
    expect(block.bottom).toBeLessThanOrEqual(H * 0.78);
    const top = captionArea(request({ position: 'top', marginV: 269, keepClear: [face, raised] }));
    const topBlock = blockOf(top, 120);
    expect(overlaps(topBlock, raised)).toBe(false);
    expect(overlaps(topBlock, face)).toBe(false);
    expect(topBlock.bottom).toBeLessThanOrEqual(H * 0.5);
  });

  it('keeps the chosen place when no place in its part of the frame is clear', () => {
    const everywhere: ClearBox = { left: 0, top: 0, right: 1, bottom: 1 };
    expect(captionArea(request({ keepClear: [everywhere] }))).toEqual(captionArea(request({})));
  });
});
