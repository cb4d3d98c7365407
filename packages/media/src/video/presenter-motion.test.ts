import { describe, expect, it } from 'vitest';
import { cropLayer, presenterLayer, swayAmplitude, swayAt, swayExpressions } from './presenter-motion.ts';
import type { RgbFrame } from './mouth-shapes.ts';

/** A flat frame with rectangles painted on it. */
function frame(width: number, height: number, background: [number, number, number], boxes: { x: number; y: number; w: number; h: number; rgb: [number, number, number] }[] = []): RgbFrame {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(background, i * 3);
  for (const b of boxes) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) data.set(b.rgb, (y * width + x) * 3);
  return { data, width, height, channels: 3 };
}

/** Evaluates one of the ffmpeg expressions at `t` (they use only + - * / sin cos PI and t). */
function evaluate(expression: string, t: number): number {
  const js = expression.replace(/PI/g, 'Math.PI').replace(/sin\(/g, 'Math.sin(').replace(/cos\(/g, 'Math.cos(');
  return new Function('t', `return ${js};`)(t) as number;
}

describe('swayAmplitude', () => {
  it('is a few even pixels, growing with the frame', () => {
    expect(swayAmplitude({ width: 1080, height: 1920 })).toEqual({ x: 4, y: 6 });
    expect(swayAmplitude({ width: 360, height: 640 })).toEqual({ x: 2, y: 2 });
    expect(swayAmplitude({ width: 1920, height: 1080 })).toEqual({ x: 8, y: 4 });
  });
});

describe('swayAt and swayExpressions', () => {
  const amplitude = { x: 4, y: 6 };
  it('starts at rest, stays within the amplitude, rises with breath and never sinks below rest', () => {
    expect(swayAt(0, amplitude)).toEqual({ x: 0, y: -0 });
    let lowestY = 0;
    for (let t = 0; t < 30; t += 0.04) {
      const at = swayAt(t, amplitude);
      expect(Math.abs(at.x)).toBeLessThanOrEqual(amplitude.x);
      expect(at.y).toBeLessThanOrEqual(0);
      expect(at.y).toBeGreaterThanOrEqual(-amplitude.y);
      lowestY = Math.min(lowestY, at.y);
    }
    expect(lowestY).toBeLessThan(-amplitude.y * 0.99);
  });

  it('moves slowly: under a pixel a frame at 25 fps', () => {
    for (let t = 0; t < 30; t += 0.04) {
      const a = swayAt(t, amplitude);
      const b = swayAt(t + 0.04, amplitude);
      expect(Math.abs(b.x - a.x)).toBeLessThan(0.5);
      expect(Math.abs(b.y - a.y)).toBeLessThan(0.5);
    }
  });

  it('gives ffmpeg the same motion, from the layer’s rest position', () => {
    const box = { x: 220, y: 848, width: 640, height: 1078 };
    const expressions = swayExpressions(box, amplitude);
    for (const t of [0, 0.4, 1.9, 3.3, 7.77, 12.5]) {
      const at = swayAt(t, amplitude);
      expect(evaluate(expressions.x, t)).toBeCloseTo(box.x + at.x, 9);
      expect(evaluate(expressions.y, t)).toBeCloseTo(box.y + at.y, 9);
    }
  });
});

describe('presenterLayer', () => {
  const amplitude = { x: 2, y: 2 };
  const setting = frame(40, 60, [40, 90, 160]);

  it('cuts out what differs from the setting, grown by a pixel, in an even box', () => {
    const picture = frame(40, 60, [40, 90, 160], [{ x: 11, y: 9, w: 10, h: 20, rgb: [200, 150, 120] }]);
    const layer = presenterLayer(picture, setting, amplitude)!;
    expect(layer.box.x % 2).toBe(0);
    expect(layer.box.y % 2).toBe(0);
    expect(layer.box.width % 2).toBe(0);
    expect(layer.box.height % 2).toBe(0);
    expect(layer.box.x).toBeLessThanOrEqual(10);
    expect(layer.box.x + layer.box.width).toBeGreaterThanOrEqual(22);
    const at = (x: number, y: number) => layer.mask[(y - layer.box.y) * layer.box.width + (x - layer.box.x)];
    expect(at(11, 9)).toBe(255);
    expect(at(20, 28)).toBe(255);
    // The grown edge, and nothing beyond it.
    expect(at(10, 9)).toBe(255);
    expect(at(21, 29)).toBe(255);
    if (layer.box.x <= 9) expect(at(9, 15)).toBe(0);
    expect(at(15, layer.box.y + layer.box.height - 1)).toBe(0);
  });

  it('reaches past the frame’s bottom by the amplitude where the presenter touches it, and crops edge rows repeated', () => {
    const picture = frame(40, 60, [40, 90, 160], [{ x: 10, y: 30, w: 20, h: 30, rgb: [30, 40, 120] }]);
    const layer = presenterLayer(picture, setting, amplitude)!;
    expect(layer.box.y + layer.box.height).toBe(60 + amplitude.y);
    const cut = cropLayer(picture, layer.box);
    expect([cut.width, cut.height]).toEqual([layer.box.width, layer.box.height]);
    // The rows below the frame repeat its last row, and the mask goes on with it.
    const lastRow = (cut.height - 1) * cut.width;
    const frameLastRow = (60 - 1 - layer.box.y) * cut.width;
    expect(cut.data.subarray(lastRow * 3, (lastRow + cut.width) * 3)).toEqual(cut.data.subarray(frameLastRow * 3, (frameLastRow + cut.width) * 3));
    expect(layer.mask[lastRow + (15 - layer.box.x)]).toBe(255);
  });

  it('is null for a picture that is its setting', () => {
    expect(presenterLayer(setting, setting, amplitude)).toBeNull();
  });
});
