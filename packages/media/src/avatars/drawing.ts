// Small helpers for writing SVG by hand: number formatting, shapes, colour mixing and a seeded random
// source, so the illustrated scenes and avatars come out the same for the same inputs.

/** One decimal is plenty at video sizes and keeps the SVG text short. */
export function num(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra = ''): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(Math.max(0, width))}" height="${num(Math.max(0, height))}" fill="${fill}" ${extra}/>`;
}

export function roundRect(x: number, y: number, width: number, height: number, radius: number, fill: string, extra = ''): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(Math.max(0, width))}" height="${num(Math.max(0, height))}" rx="${num(radius)}" fill="${fill}" ${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(Math.max(0, r))}" fill="${fill}" ${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(Math.max(0, rx))}" ry="${num(Math.max(0, ry))}" fill="${fill}" ${extra}/>`;
}

export function polygon(points: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${stroke}" stroke-width="${num(width)}" stroke-linecap="round" ${extra}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

// ——— Colour ———

function channels(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.slice(0, 6);
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes two colours (`t` = 0 gives `a`, 1 gives `b`); returns '#rrggbb'. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
}

export const lighten = (hex: string, t: number): string => mix(hex, '#ffffff', t);
export const darken = (hex: string, t: number): string => mix(hex, '#000000', t);

/** 'rrggbb' without the '#', the form DiceBear wants. */
export function bareHex(hex: string): string {
  return toHex(channels(hex)).slice(1);
}

/** Relative luminance from 0 (black) to 1 (white), to pick contrasting details. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ——— Seeded randomness ———

/** FNV-1a: a stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast generator; the same seed text always gives the same sequence. */
export function seededRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A copy of `items` in a seeded order. */
export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}
