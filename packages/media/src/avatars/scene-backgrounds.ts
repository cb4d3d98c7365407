// Flat illustrated backgrounds, one per setting, drawn as SVG at any frame size. Each takes a
// variation index (a different palette, so the four avatar variations differ) and a treatment
// ('daylight' for the google-imagen-4-ultra stand-in, 'golden' for flux-kontext's).
import type { Setting } from './description-traits.ts';
import { circle, darken, ellipse, lighten, line, mix, num, path, polygon, rect, roundRect, seededRandom } from './drawing.ts';
import { floorLine, presenterBox } from './presenter-layout.ts';

export type SceneTreatment = 'daylight' | 'golden';

export interface SceneOptions {
  width: number;
  height: number;
  /** 0, 1, 2, 3... picks the palette; wraps around. */
  variation?: number | undefined;
  treatment?: SceneTreatment | undefined;
}

interface Palette {
  wall: string;
  floor: string;
  accent: string;
  accent2: string;
  wood: string;
  leaf: string;
}

interface Scene {
  W: number;
  H: number;
  /** One unit is a pixel at a 1080-pixel short side. */
  u: number;
  floorY: number;
  p: Palette;
  v: number;
  random: () => number;
  /** Room for art above the presenter's head (the top of their box). */
  headTop: number;
}

interface SceneStyle {
  walls: readonly string[];
  floors: readonly string[];
  accents: readonly string[];
  wood: string;
  leaf: string;
  draw: (scene: Scene) => string;
}

const at = <T>(items: readonly T[], index: number): T => items[((index % items.length) + items.length) % items.length] as T;

// ——— Shared props ———

function plant(x: number, baseY: number, size: number, leaf: string, pot: string): string {
  const s = size;
  const leaves = [
    [-0.42, -0.95, -35],
    [0.38, -1.0, 32],
    [-0.15, -1.25, -10],
    [0.18, -1.22, 14],
    [-0.55, -0.7, -55],
    [0.55, -0.72, 55],
  ] as const;
  let out = '';
  leaves.forEach(([dx, dy, angle], i) => {
    const cx = x + dx * s * 0.5;
    const cy = baseY - s * 0.42 + dy * s * 0.45;
    out += ellipse(cx, cy, s * 0.13, s * 0.34, i % 2 === 0 ? leaf : darken(leaf, 0.15), `transform="rotate(${angle} ${num(cx)} ${num(cy)})"`);
  });
  out += polygon(
    [
      [x - s * 0.26, baseY - s * 0.42],
      [x + s * 0.26, baseY - s * 0.42],
      [x + s * 0.2, baseY],
      [x - s * 0.2, baseY],
    ],
    pot,
  );
  out += rect(x - s * 0.29, baseY - s * 0.46, s * 0.58, s * 0.07, darken(pot, 0.08));
  return out;
}

function frame(x: number, y: number, w: number, h: number, border: string, inner: string, art: string): string {
  return (
    rect(x, y, w, h, border) +
    rect(x + w * 0.08, y + h * 0.08, w * 0.84, h * 0.84, inner) +
    art
  );
}

function cloud(x: number, y: number, s: number, fill: string): string {
  return (
    ellipse(x, y, s * 0.9, s * 0.32, fill) +
    circle(x - s * 0.35, y - s * 0.12, s * 0.3, fill) +
    circle(x + s * 0.12, y - s * 0.25, s * 0.38, fill) +
    circle(x + s * 0.52, y - s * 0.05, s * 0.26, fill)
  );
}

function tree(x: number, baseY: number, s: number, leaf: string, trunk: string): string {
  return (
    rect(x - s * 0.06, baseY - s * 0.7, s * 0.12, s * 0.7, trunk) +
    circle(x, baseY - s * 0.95, s * 0.42, leaf) +
    circle(x - s * 0.28, baseY - s * 0.72, s * 0.3, darken(leaf, 0.08)) +
    circle(x + s * 0.3, baseY - s * 0.75, s * 0.32, darken(leaf, 0.05)) +
    circle(x + s * 0.08, baseY - s * 1.22, s * 0.28, lighten(leaf, 0.08))
  );
}

// ——— Scenes ———

function office(c: Scene): string {
  const { W, H, u, floorY, p, random } = c;
  let out = '';
  // Window with a soft city view.
  const winW = Math.min(W * 0.34, 470 * u);
  const winH = Math.min(c.headTop - H * 0.1, 440 * u);
  const winX = W * 0.07;
  const winY = H * 0.07;
  const frameColour = lighten(p.wall, 0.7);
  out += roundRect(winX - 12 * u, winY - 12 * u, winW + 24 * u, winH + 24 * u, 6 * u, frameColour);
  out += rect(winX, winY, winW, winH, 'url(#sky)');
  let bx = winX;
  while (bx < winX + winW) {
    const bw = (40 + random() * 50) * u;
    const bh = winH * (0.18 + random() * 0.4);
    out += rect(bx, winY + winH - bh, Math.min(bw, winX + winW - bx), bh, mix('#9db7cf', p.accent, 0.15), 'opacity="0.55"');
    bx += bw + 6 * u;
  }
  out += rect(winX + winW / 2 - 5 * u, winY, 10 * u, winH, frameColour);
  out += rect(winX, winY + winH * 0.45 - 5 * u, winW, 10 * u, frameColour);
  out += rect(winX - 22 * u, winY + winH + 10 * u, winW + 44 * u, 14 * u, darken(frameColour, 0.08));
  // Floating shelves with books on the right.
  const shelfW = Math.min(W * 0.3, 420 * u);
  const shelfX = W - W * 0.07 - shelfW;
  const books = [p.accent, p.accent2, p.wood, darken(p.wall, 0.35), lighten(p.accent, 0.35), '#f0e6d2'];
  [H * 0.14, Math.min(H * 0.14 + 190 * u, c.headTop - 10 * u)].forEach((shelfY, row) => {
    let x = shelfX + 14 * u;
    const limit = shelfX + shelfW * (row === 0 ? 0.62 : 0.5);
    while (x < limit) {
      const bw = (20 + random() * 16) * u;
      const bh = (78 + random() * 40) * u;
      out += rect(x, shelfY - bh, bw, bh, books[Math.floor(random() * books.length)] ?? p.accent);
      x += bw + 3 * u;
    }
    if (row === 0) out += plant(shelfX + shelfW * 0.82, shelfY, 110 * u, p.leaf, '#f2efe9');
    else out += frame(shelfX + shelfW * 0.62, shelfY - 120 * u, 110 * u, 120 * u, p.wood, '#fbf7ef', circle(shelfX + shelfW * 0.62 + 55 * u, shelfY - 60 * u, 28 * u, p.accent2, 'opacity="0.8"'));
    out += rect(shelfX, shelfY, shelfW, 14 * u, p.wood);
  });
  // Desk behind the presenter with a monitor and a lamp.
  const deskY = floorY - 250 * u;
  out += rect(W * 0.12, deskY, W * 0.76, 20 * u, p.wood);
  out += rect(W * 0.15, deskY + 20 * u, 16 * u, floorY - deskY - 20 * u, darken(p.wood, 0.2));
  out += rect(W * 0.85 - 16 * u, deskY + 20 * u, 16 * u, floorY - deskY - 20 * u, darken(p.wood, 0.2));
  const monX = W * 0.8 - 100 * u;
  out += rect(monX + 90 * u, deskY - 40 * u, 20 * u, 40 * u, '#4a4f5a');
  out += roundRect(monX, deskY - 170 * u, 200 * u, 130 * u, 8 * u, '#3a3f4a');
  out += rect(monX + 10 * u, deskY - 160 * u, 180 * u, 110 * u, lighten(p.accent, 0.55));
  out += line(W * 0.22, deskY, W * 0.22 + 30 * u, deskY - 120 * u, '#4a4f5a', 8 * u);
  out += path(`M${num(W * 0.22 + 5 * u)} ${num(deskY - 150 * u)} l${num(70 * u)} ${num(10 * u)} l${num(-20 * u)} ${num(45 * u)} z`, p.accent2);
  out += plant(W * 0.06 + 40 * u, floorY + 6 * u, 230 * u, p.leaf, lighten(p.accent2, 0.2));
  return out;
}

function kitchen(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  const cabTop = H * 0.05;
  const cabH = Math.min(c.headTop - cabTop - 120 * u, 330 * u);
  const counterY = floorY - 300 * u;
  const door = 180 * u;
  const cabinet = lighten(p.accent, 0.35);
  // Backsplash tiles between the wall cabinets and the counter.
  out += rect(0, cabTop + cabH, W, counterY - cabTop - cabH, 'url(#tiles)');
  // Wall cabinets, with the range hood in the middle.
  const hoodW = 260 * u;
  for (let x = 0; x < W; x += door) {
    if (x + door > W / 2 - hoodW / 2 && x < W / 2 + hoodW / 2) continue;
    out += rect(x + 4 * u, cabTop, door - 8 * u, cabH, cabinet);
    out += rect(x + 18 * u, cabTop + 14 * u, door - 36 * u, cabH - 28 * u, lighten(cabinet, 0.12));
    out += roundRect(x + door / 2 - 4 * u, cabTop + cabH - 70 * u, 8 * u, 44 * u, 4 * u, '#8a8f99');
  }
  out += rect(0, cabTop - 14 * u, W, 14 * u, darken(cabinet, 0.1));
  out += polygon(
    [
      [W / 2 - hoodW * 0.22, cabTop],
      [W / 2 + hoodW * 0.22, cabTop],
      [W / 2 + hoodW * 0.5, cabTop + cabH * 0.8],
      [W / 2 - hoodW * 0.5, cabTop + cabH * 0.8],
    ],
    '#c9ced6',
  );
  out += rect(W / 2 - hoodW * 0.5, cabTop + cabH * 0.8, hoodW, 16 * u, '#aeb4be');
  // Hanging rail with utensils.
  const railY = cabTop + cabH + 50 * u;
  out += line(W * 0.06, railY, W * 0.06 + 220 * u, railY, '#8a8f99', 6 * u);
  [0, 1, 2, 3].forEach((i) => {
    const x = W * 0.06 + 30 * u + i * 55 * u;
    out += line(x, railY, x, railY + 70 * u, '#6f747d', 5 * u);
    out += i % 2 === 0 ? ellipse(x, railY + 84 * u, 14 * u, 20 * u, '#6f747d') : rect(x - 12 * u, railY + 70 * u, 24 * u, 30 * u, '#6f747d');
  });
  // Counter and base cabinets.
  out += rect(0, counterY, W, floorY - counterY, darken(cabinet, 0.05));
  for (let x = 0; x < W; x += door) {
    out += rect(x + 10 * u, counterY + 40 * u, door - 20 * u, floorY - counterY - 60 * u, lighten(cabinet, 0.05));
    out += roundRect(x + door / 2 - 26 * u, counterY + 60 * u, 52 * u, 8 * u, 4 * u, '#8a8f99');
  }
  out += rect(0, counterY - 8 * u, W, 30 * u, p.wood);
  // Pots and things on the counter.
  const potX = W * 0.14;
  out += roundRect(potX - 80 * u, counterY - 120 * u, 160 * u, 120 * u, 18 * u, p.accent2);
  out += rect(potX - 96 * u, counterY - 96 * u, 20 * u, 12 * u, darken(p.accent2, 0.2));
  out += rect(potX + 76 * u, counterY - 96 * u, 20 * u, 12 * u, darken(p.accent2, 0.2));
  out += ellipse(potX, counterY - 124 * u, 86 * u, 14 * u, darken(p.accent2, 0.12));
  out += circle(potX, counterY - 142 * u, 10 * u, darken(p.accent2, 0.25));
  const jarX = W * 0.86;
  out += roundRect(jarX - 40 * u, counterY - 110 * u, 80 * u, 110 * u, 14 * u, '#f3efe6');
  [-18, 0, 18].forEach((dx, i) => (out += line(jarX + dx * u, counterY - 110 * u, jarX + dx * 2.2 * u, counterY - 190 * u, i === 1 ? p.wood : '#8a8f99', 7 * u)));
  out += plant(W * 0.95, counterY, 120 * u, p.leaf, p.accent);
  out += roundRect(W * 0.72 - 60 * u, counterY - 150 * u, 120 * u, 150 * u, 20 * u, p.wood, `transform="rotate(-6 ${num(W * 0.72)} ${num(counterY)})"`);
  return out;
}

function gym(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  // Industrial windows near the top, a painted stripe across the wall.
  const winY = H * 0.05;
  const winH = Math.min(170 * u, c.headTop * 0.3);
  for (let x = W * 0.04; x + 150 * u < W; x += 190 * u) {
    out += rect(x, winY, 150 * u, winH, '#2f3540');
    out += rect(x + 8 * u, winY + 8 * u, 64 * u, winH - 16 * u, '#cfe4f2');
    out += rect(x + 78 * u, winY + 8 * u, 64 * u, winH - 16 * u, '#cfe4f2');
  }
  const stripeY = Math.min(c.headTop - 60 * u, floorY - 520 * u);
  out += rect(0, stripeY, W, 46 * u, p.accent);
  out += rect(0, stripeY + 58 * u, W, 14 * u, p.accent2);
  // Barbell rack on the left.
  const rackX = W * 0.05;
  const rackTop = floorY - 420 * u;
  out += rect(rackX, rackTop, 18 * u, floorY - rackTop, '#3a3f48');
  out += rect(rackX + 200 * u, rackTop, 18 * u, floorY - rackTop, '#3a3f48');
  out += rect(rackX - 20 * u, floorY - 12 * u, 260 * u, 12 * u, '#3a3f48');
  const barY = rackTop + 110 * u;
  out += rect(rackX - 40 * u, barY - 5 * u, 300 * u, 10 * u, '#9aa0a8');
  [-28, 242].forEach((dx) => {
    out += roundRect(rackX + dx * u - 8 * u, barY - 70 * u, 26 * u, 140 * u, 8 * u, '#2b2f36');
    out += roundRect(rackX + dx * u + 10 * u, barY - 52 * u, 18 * u, 104 * u, 6 * u, p.accent2);
  });
  // Plate tree.
  for (let i = 0; i < 3; i++) out += circle(rackX + 110 * u, floorY - 70 * u - i * 10 * u, (70 - i * 14) * u, i === 1 ? p.accent : '#2b2f36');
  out += circle(rackX + 110 * u, floorY - 90 * u, 12 * u, '#9aa0a8');
  // Dumbbell rack on the right.
  const dbX = W * 0.95 - 300 * u;
  [floorY - 250 * u, floorY - 140 * u].forEach((shelfY, row) => {
    out += rect(dbX, shelfY, 300 * u, 12 * u, '#3a3f48');
    for (let i = 0; i < 4; i++) {
      const x = dbX + 20 * u + i * 72 * u;
      const size = (row === 0 ? 22 : 30) * u;
      out += rect(x, shelfY - size, 50 * u, 8 * u, '#9aa0a8');
      out += roundRect(x - 8 * u, shelfY - size * 2, 18 * u, size * 2, 5 * u, i % 2 === 0 ? '#2b2f36' : p.accent);
      out += roundRect(x + 40 * u, shelfY - size * 2, 18 * u, size * 2, 5 * u, i % 2 === 0 ? '#2b2f36' : p.accent);
    }
  });
  out += rect(dbX + 10 * u, floorY - 250 * u, 14 * u, 250 * u, '#3a3f48');
  out += rect(dbX + 276 * u, floorY - 250 * u, 14 * u, 250 * u, '#3a3f48');
  // Wall clock.
  const clockX = W * 0.82;
  const clockY = Math.max(winY + winH + 90 * u, stripeY - 90 * u);
  out += circle(clockX, clockY, 54 * u, '#ffffff', `stroke="#2b2f36" stroke-width="${num(8 * u)}"`);
  out += line(clockX, clockY, clockX, clockY - 34 * u, '#2b2f36', 6 * u) + line(clockX, clockY, clockX + 24 * u, clockY + 8 * u, '#2b2f36', 6 * u);
  // Kettlebells on the floor.
  [W * 0.3, W * 0.36].forEach((x, i) => {
    out += circle(x, floorY - 34 * u, 34 * u, i === 0 ? '#2b2f36' : p.accent2);
    out += path(`M${num(x - 22 * u)} ${num(floorY - 58 * u)} q${num(22 * u)} ${num(-46 * u)} ${num(44 * u)} 0`, 'none', `stroke="${i === 0 ? '#2b2f36' : p.accent2}" stroke-width="${num(10 * u)}"`);
  });
  return out;
}

function softbox(x: number, floorY: number, topY: number, u: number, facing: 1 | -1, glow: string): string {
  let out = '';
  const legs = 70 * u;
  out += line(x, floorY - 90 * u, x - legs, floorY, '#2f333b', 6 * u);
  out += line(x, floorY - 90 * u, x + legs, floorY, '#2f333b', 6 * u);
  out += line(x, floorY - 90 * u, x, floorY, '#2f333b', 6 * u);
  out += line(x, floorY - 90 * u, x, topY + 70 * u, '#2f333b', 8 * u);
  const angle = facing * 12;
  out += `<g transform="rotate(${angle} ${num(x)} ${num(topY + 70 * u)})">`;
  out += polygon(
    [
      [x - 40 * u, topY + 40 * u],
      [x + 40 * u, topY + 40 * u],
      [x + 95 * u, topY - 40 * u],
      [x - 95 * u, topY - 40 * u],
    ],
    '#3a3f48',
  );
  out += rect(x - 110 * u, topY - 150 * u, 220 * u, 120 * u, '#2f333b');
  out += rect(x - 98 * u, topY - 138 * u, 196 * u, 96 * u, glow);
  out += '</g>';
  return out;
}

function studio(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  // Seamless paper sweep: a hanging roll, a curve into the floor.
  const paperX = W * 0.14;
  const paperW = W * 0.72;
  const rollY = H * 0.04;
  out += rect(paperX, rollY, paperW, floorY - rollY, 'url(#paper)');
  out += path(
    `M${num(paperX)} ${num(floorY)} Q${num(paperX)} ${num(floorY + 120 * u)} ${num(paperX - 40 * u)} ${num(H)} L${num(paperX + paperW + 40 * u)} ${num(H)} Q${num(paperX + paperW)} ${num(floorY + 120 * u)} ${num(paperX + paperW)} ${num(floorY)} Z`,
    lighten(p.accent, 0.5),
  );
  out += roundRect(paperX - 30 * u, rollY - 24 * u, paperW + 60 * u, 48 * u, 24 * u, darken(p.accent, 0.08));
  out += rect(paperX - 50 * u, rollY - 6 * u, 20 * u, 12 * u, '#2f333b') + rect(paperX + paperW + 30 * u, rollY - 6 * u, 20 * u, 12 * u, '#2f333b');
  // Light stands with softboxes on both sides, angled in.
  const top = Math.max(H * 0.2, Math.min(c.headTop - 60 * u, floorY - 700 * u));
  out += softbox(W * 0.1, floorY + 40 * u, top, u, 1, '#fffaf0');
  out += softbox(W * 0.9, floorY + 40 * u, top, u, -1, '#fffaf0');
  return out;
}

function outdoors(c: Scene): string {
  const { W, H, u, floorY, p, v } = c;
  let out = '';
  out += rect(0, 0, W, floorY, 'url(#sky)');
  out += circle(W * (v % 2 === 0 ? 0.8 : 0.22), H * 0.12, 70 * u, '#fff4c9', 'opacity="0.95"');
  out += circle(W * (v % 2 === 0 ? 0.8 : 0.22), H * 0.12, 110 * u, '#fff4c9', 'opacity="0.35"');
  out += cloud(W * 0.25, H * 0.08 + 40 * u, 120 * u, '#ffffff');
  out += cloud(W * 0.7, H * 0.2, 90 * u, '#ffffff');
  // Hills, far to near.
  const far = floorY - 260 * u;
  out += path(`M0 ${num(far + 60 * u)} Q${num(W * 0.25)} ${num(far - 80 * u)} ${num(W * 0.55)} ${num(far + 20 * u)} T${num(W)} ${num(far - 30 * u)} L${num(W)} ${num(floorY)} L0 ${num(floorY)} Z`, lighten(p.leaf, 0.35));
  const near = floorY - 110 * u;
  out += path(`M0 ${num(near)} Q${num(W * 0.35)} ${num(near - 120 * u)} ${num(W * 0.7)} ${num(near + 10 * u)} T${num(W * 1.3)} ${num(near - 40 * u)} L${num(W)} ${num(floorY)} L0 ${num(floorY)} Z`, lighten(p.leaf, 0.15));
  out += tree(W * 0.1, floorY + 10 * u, 330 * u, p.leaf, p.wood);
  out += tree(W * 0.92, floorY + 10 * u, 280 * u, darken(p.leaf, 0.05), p.wood);
  out += tree(W * 0.3, near + 10 * u, 150 * u, lighten(p.leaf, 0.05), p.wood);
  out += tree(W * 0.75, near - 5 * u, 120 * u, lighten(p.leaf, 0.1), p.wood);
  // Flowers in the grass.
  const flowers = [p.accent, p.accent2, '#ffffff'];
  for (let i = 0; i < 14; i++) {
    const x = c.random() * W;
    const y = floorY + 30 * u + c.random() * (H - floorY - 40 * u);
    out += circle(x, y, 7 * u, flowers[i % flowers.length] ?? '#ffffff');
  }
  return out;
}

function livingRoom(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  // Framed art above the sofa.
  const artY = Math.max(H * 0.08, c.headTop - 380 * u);
  const artH = Math.min(260 * u, c.headTop - artY - 30 * u);
  out += frame(W * 0.08, artY, 200 * u, artH, p.wood, '#fbf7ef', circle(W * 0.08 + 100 * u, artY + artH * 0.55, 50 * u, p.accent, 'opacity="0.85"') + rect(W * 0.08 + 40 * u, artY + artH * 0.25, 80 * u, 40 * u, p.accent2, 'opacity="0.8"'));
  out += frame(W * 0.92 - 160 * u, artY + 40 * u, 160 * u, 200 * u, p.wood, '#fbf7ef', path(`M${num(W * 0.92 - 140 * u)} ${num(artY + 210 * u)} l${num(60 * u)} ${num(-90 * u)} l${num(40 * u)} ${num(50 * u)} l${num(30 * u)} ${num(-30 * u)} l${num(30 * u)} ${num(70 * u)} z`, p.leaf, 'opacity="0.8"'));
  // Sofa behind the presenter.
  const sofaTop = floorY - 330 * u;
  const sofa = p.accent;
  out += roundRect(W * 0.04, sofaTop, W * 0.92, 220 * u, 40 * u, darken(sofa, 0.05));
  out += roundRect(W * 0.04 + 10 * u, sofaTop + 140 * u, W * 0.92 - 20 * u, 150 * u, 30 * u, sofa);
  out += roundRect(W * 0.02, sofaTop + 90 * u, 90 * u, 220 * u, 36 * u, darken(sofa, 0.12));
  out += roundRect(W * 0.98 - 90 * u, sofaTop + 90 * u, 90 * u, 220 * u, 36 * u, darken(sofa, 0.12));
  out += roundRect(W * 0.08, sofaTop + 40 * u, 120 * u, 110 * u, 26 * u, p.accent2, `transform="rotate(-8 ${num(W * 0.08 + 60 * u)} ${num(sofaTop + 95 * u)})"`);
  out += roundRect(W * 0.92 - 120 * u, sofaTop + 40 * u, 120 * u, 110 * u, 26 * u, lighten(p.accent2, 0.3), `transform="rotate(8 ${num(W * 0.92 - 60 * u)} ${num(sofaTop + 95 * u)})"`);
  out += rect(W * 0.08, floorY - 40 * u, 16 * u, 40 * u, darken(p.wood, 0.3)) + rect(W * 0.92 - 16 * u, floorY - 40 * u, 16 * u, 40 * u, darken(p.wood, 0.3));
  // Floor lamp (left) and side table with a plant (right), a rug on the floor.
  const lampX = W * 0.03 + 20 * u;
  out += line(lampX, floorY, lampX, sofaTop - 220 * u, '#3a3f48', 7 * u);
  out += polygon(
    [
      [lampX - 50 * u, sofaTop - 210 * u],
      [lampX + 50 * u, sofaTop - 210 * u],
      [lampX + 30 * u, sofaTop - 300 * u],
      [lampX - 30 * u, sofaTop - 300 * u],
    ],
    '#f7e7c6',
  );
  out += ellipse(lampX, floorY, 40 * u, 8 * u, '#3a3f48');
  out += ellipse(W / 2, floorY + (H - floorY) * 0.55, W * 0.42, (H - floorY) * 0.3, lighten(p.accent2, 0.45));
  return out;
}

function cafe(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  // Brick wall, chalk menu board, pendant lamps.
  out += rect(0, 0, W, floorY, 'url(#bricks)');
  const boardW = Math.min(W * 0.36, 440 * u);
  const boardH = Math.min(c.headTop - H * 0.08 - 40 * u, 360 * u);
  const boardX = W * 0.06;
  const boardY = H * 0.08;
  out += rect(boardX - 14 * u, boardY - 14 * u, boardW + 28 * u, boardH + 28 * u, p.wood);
  out += rect(boardX, boardY, boardW, boardH, '#2f3a36');
  for (let i = 0; i < 5; i++) {
    const y = boardY + 50 * u + i * (boardH - 80 * u) / 4.2;
    out += line(boardX + 30 * u, y, boardX + boardW * (0.45 + ((i * 37) % 20) / 100), y, '#e9efe9', 5 * u, 'opacity="0.85"');
    out += line(boardX + boardW * 0.78, y, boardX + boardW - 30 * u, y, '#f6d7a6', 5 * u, 'opacity="0.85"');
  }
  [0.58, 0.78, 0.94].forEach((fx, i) => {
    const x = W * fx;
    const drop = (120 + i * 40) * u;
    out += line(x, 0, x, drop, '#2f333b', 3 * u);
    out += path(`M${num(x - 46 * u)} ${num(drop + 50 * u)} Q${num(x)} ${num(drop - 30 * u)} ${num(x + 46 * u)} ${num(drop + 50 * u)} Z`, p.accent);
    out += ellipse(x, drop + 56 * u, 26 * u, 12 * u, '#fff3c4');
    out += circle(x, drop + 70 * u, 70 * u, '#fff3c4', 'opacity="0.18"');
  });
  // Shelf with cups (right) and the back counter with an espresso machine.
  const shelfY = Math.min(c.headTop - 40 * u, H * 0.08 + 430 * u);
  out += rect(W * 0.62, shelfY, W * 0.34, 12 * u, p.wood);
  for (let i = 0; i < 4; i++) {
    const x = W * 0.64 + i * 62 * u;
    out += roundRect(x, shelfY - 54 * u, 44 * u, 54 * u, 8 * u, i % 2 === 0 ? '#ffffff' : p.accent2);
  }
  const counterY = floorY - 280 * u;
  out += rect(0, counterY, W, floorY - counterY, p.wood);
  out += rect(0, counterY, W, 22 * u, darken(p.wood, 0.2));
  for (let x = 20 * u; x < W; x += 60 * u) out += rect(x, counterY + 40 * u, 8 * u, floorY - counterY - 60 * u, darken(p.wood, 0.08));
  const machineX = W * 0.72;
  out += roundRect(machineX, counterY - 170 * u, 200 * u, 170 * u, 14 * u, '#c9ced6');
  out += rect(machineX + 20 * u, counterY - 140 * u, 160 * u, 40 * u, '#8a8f99');
  out += rect(machineX + 60 * u, counterY - 96 * u, 18 * u, 30 * u, '#3a3f48') + rect(machineX + 122 * u, counterY - 96 * u, 18 * u, 30 * u, '#3a3f48');
  out += roundRect(machineX + 52 * u, counterY - 44 * u, 34 * u, 44 * u, 6 * u, '#ffffff') + roundRect(machineX + 114 * u, counterY - 44 * u, 34 * u, 44 * u, 6 * u, '#ffffff');
  out += plant(W * 0.14, counterY, 150 * u, p.leaf, '#f2efe9');
  out += roundRect(W * 0.24, counterY - 90 * u, 70 * u, 90 * u, 10 * u, '#f3e8d2') + rect(W * 0.24, counterY - 100 * u, 70 * u, 16 * u, p.accent);
  return out;
}

function store(c: Scene): string {
  const { W, H, u, floorY, p, random } = c;
  let out = '';
  // A sign band and bunting at the top.
  out += rect(0, H * 0.03, W, 70 * u, p.accent);
  const flagColours = [p.accent2, '#ffffff', lighten(p.accent, 0.4)];
  for (let x = 0, i = 0; x < W; x += 70 * u, i++) {
    out += polygon(
      [
        [x, H * 0.03 + 70 * u],
        [x + 60 * u, H * 0.03 + 70 * u],
        [x + 30 * u, H * 0.03 + 130 * u],
      ],
      flagColours[i % flagColours.length] ?? '#ffffff',
    );
  }
  // Shelving along the back wall, stocked with boxes, bottles and jars.
  const shelfTop = H * 0.03 + 170 * u;
  const rows = Math.max(3, Math.floor((floorY - shelfTop) / (170 * u)));
  const rowH = (floorY - shelfTop) / rows;
  const products = [p.accent, p.accent2, '#f5cf4a', '#5fb3a1', '#e86f5c', '#7c8bd9', '#f3efe6', '#9bc46a'];
  out += rect(W * 0.02, shelfTop - 10 * u, W * 0.96, floorY - shelfTop + 10 * u, darken(p.wall, 0.06));
  for (let r = 0; r < rows; r++) {
    const y = shelfTop + (r + 1) * rowH;
    let x = W * 0.03;
    while (x < W * 0.97 - 40 * u) {
      const kind = random();
      const colour = products[Math.floor(random() * products.length)] ?? p.accent;
      const w = (kind < 0.5 ? 50 + random() * 40 : 30 + random() * 14) * u;
      const h = Math.min(rowH - 30 * u, (kind < 0.5 ? 70 + random() * 60 : 90 + random() * 40) * u);
      if (x + w > W * 0.97) break;
      if (kind < 0.5) {
        out += rect(x, y - h, w, h, colour);
        out += rect(x + w * 0.15, y - h * 0.7, w * 0.7, h * 0.3, '#ffffff', 'opacity="0.55"');
      } else {
        out += roundRect(x, y - h * 0.75, w, h * 0.75, 8 * u, colour);
        out += rect(x + w * 0.3, y - h, w * 0.4, h * 0.3, darken(colour, 0.2));
      }
      x += w + 8 * u;
    }
    out += rect(W * 0.02, y - 4 * u, W * 0.96, 16 * u, p.wood);
  }
  out += rect(W * 0.02, shelfTop - 10 * u, 16 * u, floorY - shelfTop, darken(p.wood, 0.15));
  out += rect(W * 0.98 - 16 * u, shelfTop - 10 * u, 16 * u, floorY - shelfTop, darken(p.wood, 0.15));
  return out;
}

function classroom(c: Scene): string {
  const { W, H, u, floorY, p } = c;
  let out = '';
  // The board fills the wall above the presenter, with chalk drawings at both ends.
  const boardX = W * 0.08;
  const boardW = W * 0.84;
  const boardY = H * 0.06;
  const boardH = Math.max(200 * u, Math.min(c.headTop + 140 * u, floorY - 200 * u) - boardY);
  const board = at(['#2f5d50', '#2f4f5d', '#3a5a40', '#34495e'], c.v);
  out += rect(boardX - 18 * u, boardY - 18 * u, boardW + 36 * u, boardH + 36 * u, p.wood);
  out += rect(boardX, boardY, boardW, boardH, board);
  out += rect(boardX, boardY, boardW, boardH, 'url(#boardShine)');
  out += rect(boardX - 10 * u, boardY + boardH + 12 * u, boardW + 20 * u, 16 * u, darken(p.wood, 0.1));
  const chalk = '#eef2ee';
  const ax = boardX + 50 * u;
  const ay = boardY + 60 * u;
  out += polygon(
    [
      [ax, ay + 150 * u],
      [ax + 170 * u, ay + 150 * u],
      [ax, ay],
    ],
    'none',
    `stroke="${chalk}" stroke-width="${num(6 * u)}" opacity="0.85" stroke-linejoin="round"`,
  );
  out += rect(ax, ay + 130 * u, 20 * u, 20 * u, 'none', `stroke="${chalk}" stroke-width="${num(4 * u)}" opacity="0.85"`);
  const bx = boardX + boardW - 260 * u;
  out += path(`M${num(bx)} ${num(ay + 150 * u)} Q${num(bx + 100 * u)} ${num(ay - 120 * u)} ${num(bx + 200 * u)} ${num(ay + 150 * u)}`, 'none', `stroke="#f6d7a6" stroke-width="${num(6 * u)}" opacity="0.85"`);
  out += line(bx - 10 * u, ay + 150 * u, bx + 220 * u, ay + 150 * u, chalk, 4 * u, 'opacity="0.7"');
  out += line(bx + 100 * u, ay - 10 * u, bx + 100 * u, ay + 160 * u, chalk, 4 * u, 'opacity="0.7"');
  for (let i = 0; i < 3; i++) {
    out += path(`M${num(ax)} ${num(ay + 210 * u + i * 40 * u)} q${num(25 * u)} ${num(-18 * u)} ${num(50 * u)} 0 t${num(50 * u)} 0 t${num(50 * u)} 0 t${num(50 * u)} 0`, 'none', `stroke="${chalk}" stroke-width="${num(4 * u)}" opacity="0.6"`);
  }
  // Clock above the board's corner, a bookcase with a globe at the side.
  out += circle(W * 0.9, boardY + 10 * u, 40 * u, '#ffffff', `stroke="#2b2f36" stroke-width="${num(6 * u)}"`);
  out += line(W * 0.9, boardY + 10 * u, W * 0.9, boardY - 14 * u, '#2b2f36', 4 * u) + line(W * 0.9, boardY + 10 * u, W * 0.9 + 18 * u, boardY + 16 * u, '#2b2f36', 4 * u);
  const caseX = W * 0.96 - 200 * u;
  const caseTop = floorY - 300 * u;
  out += rect(caseX, caseTop, 200 * u, 300 * u, p.wood);
  [caseTop + 20 * u, caseTop + 160 * u].forEach((y, row) => {
    out += rect(caseX + 14 * u, y, 172 * u, 120 * u, darken(p.wood, 0.25));
    for (let i = 0; i < 6; i++) out += rect(caseX + 20 * u + i * 27 * u, y + 30 * u + ((i * 13 + row * 7) % 20) * u, 22 * u, 90 * u - ((i * 13 + row * 7) % 20) * u, at([p.accent, p.accent2, '#f5cf4a', '#f3efe6', '#5fb3a1'], i + row));
  });
  const globeX = W * 0.05 + 70 * u;
  out += rect(globeX - 60 * u, floorY - 200 * u, 120 * u, 200 * u, p.wood);
  out += line(globeX, floorY - 200 * u, globeX, floorY - 230 * u, '#6f747d', 6 * u);
  out += circle(globeX, floorY - 290 * u, 60 * u, '#7fc4e8');
  out += path(`M${num(globeX - 30 * u)} ${num(floorY - 320 * u)} q${num(30 * u)} ${num(-10 * u)} ${num(40 * u)} ${num(20 * u)} q${num(-10 * u)} ${num(30 * u)} ${num(-30 * u)} ${num(40 * u)} z`, '#8cc084');
  return out;
}

function beach(c: Scene): string {
  const { W, H, u, floorY, p, v } = c;
  let out = '';
  const horizon = Math.min(c.headTop + 120 * u, floorY - 160 * u);
  out += rect(0, 0, W, horizon, 'url(#sky)');
  out += circle(W * (v % 2 === 0 ? 0.78 : 0.25), horizon - 200 * u, 70 * u, '#fff1c1');
  out += cloud(W * 0.3, H * 0.1, 100 * u, '#ffffff');
  out += cloud(W * 0.75, H * 0.05 + 60 * u, 70 * u, '#ffffff');
  out += rect(0, horizon, W, floorY - horizon + 30 * u, 'url(#sea)');
  for (let i = 0; i < 6; i++) {
    const y = horizon + (floorY - horizon) * (0.2 + i * 0.13);
    const x = ((i * 0.37) % 1) * W * 0.8;
    out += path(`M${num(x)} ${num(y)} q${num(30 * u)} ${num(-12 * u)} ${num(60 * u)} 0 t${num(60 * u)} 0`, 'none', `stroke="#ffffff" stroke-width="${num(4 * u)}" opacity="0.6"`);
  }
  out += path(`M0 ${num(floorY + 10 * u)} Q${num(W * 0.5)} ${num(floorY - 30 * u)} ${num(W)} ${num(floorY + 10 * u)} L${num(W)} ${num(H)} L0 ${num(H)} Z`, p.floor);
  out += path(`M0 ${num(floorY + 10 * u)} Q${num(W * 0.5)} ${num(floorY - 30 * u)} ${num(W)} ${num(floorY + 10 * u)}`, 'none', `stroke="#ffffff" stroke-width="${num(10 * u)}" opacity="0.7"`);
  // Palm tree on one side, an umbrella on the other.
  const palmX = v % 2 === 0 ? W * 0.1 : W * 0.9;
  const lean = v % 2 === 0 ? 1 : -1;
  const topX = palmX + lean * 80 * u;
  const topY = Math.max(H * 0.12, floorY - 620 * u);
  out += path(`M${num(palmX - 18 * u)} ${num(floorY + 40 * u)} Q${num(palmX + lean * 10 * u)} ${num((floorY + topY) / 2)} ${num(topX - 8 * u)} ${num(topY)} L${num(topX + 8 * u)} ${num(topY)} Q${num(palmX + lean * 40 * u)} ${num((floorY + topY) / 2)} ${num(palmX + 18 * u)} ${num(floorY + 40 * u)} Z`, p.wood);
  [-150, -110, -60, -20, 20, 60, 110, 150].forEach((angle, i) => {
    out += ellipse(topX + 110 * u, topY, 120 * u, 26 * u, i % 2 === 0 ? p.leaf : darken(p.leaf, 0.12), `transform="rotate(${angle + 90 - 90} ${num(topX)} ${num(topY)}) rotate(${angle > 0 ? 18 : -18} ${num(topX)} ${num(topY)})"`);
  });
  out += circle(topX, topY + 20 * u, 16 * u, darken(p.wood, 0.3)) + circle(topX + 22 * u, topY + 14 * u, 14 * u, darken(p.wood, 0.3));
  const umbX = v % 2 === 0 ? W * 0.86 : W * 0.14;
  const umbTop = floorY - 330 * u;
  out += line(umbX, umbTop, umbX + 20 * u, floorY + 40 * u, '#f3efe6', 8 * u);
  out += path(`M${num(umbX - 170 * u)} ${num(umbTop + 70 * u)} Q${num(umbX)} ${num(umbTop - 110 * u)} ${num(umbX + 170 * u)} ${num(umbTop + 70 * u)} Z`, p.accent);
  out += path(`M${num(umbX - 60 * u)} ${num(umbTop + 70 * u)} Q${num(umbX)} ${num(umbTop - 110 * u)} ${num(umbX + 60 * u)} ${num(umbTop + 70 * u)} Z`, '#ffffff', 'opacity="0.85"');
  return out;
}

const SCENES: Readonly<Record<Setting, SceneStyle>> = {
  office: { walls: ['#e8eef4', '#f3ece2', '#e3efe8', '#ece8f4'], floors: ['#c9b79c', '#a98c6c', '#b9a98d', '#9d9cab'], accents: ['#5b8def', '#e07a5f', '#3d8b7d', '#7c6bc4'], wood: '#b98a5e', leaf: '#5f9e6e', draw: office },
  kitchen: { walls: ['#f6f1e7', '#eef3f6', '#f4eee9', '#eef4ee'], floors: ['#d8c3a5', '#b8c0c8', '#c9a989', '#c7c2b8'], accents: ['#8fb8a8', '#7f9fc9', '#d8a48f', '#a8b88f'], wood: '#c89b6d', leaf: '#5f9e6e', draw: kitchen },
  gym: { walls: ['#d9dde2', '#e4e1dc', '#d6dce0', '#e2dfe6'], floors: ['#4a4f57', '#3f4650', '#50505a', '#444b45'], accents: ['#ef6c4a', '#3fa7d6', '#f2b134', '#8bc34a'], wood: '#a07a55', leaf: '#5f9e6e', draw: gym },
  studio: { walls: ['#5b6170', '#4f5866', '#62606b', '#535c5a'], floors: ['#3e434d', '#383f48', '#45434b', '#3c4442'], accents: ['#dfe7f0', '#f1e3d3', '#e3e8de', '#ece3ee'], wood: '#a07a55', leaf: '#5f9e6e', draw: studio },
  outdoors: { walls: ['#bfe3f7', '#cde8f5', '#fbe3cf', '#d8eef0'], floors: ['#8cc66b', '#7fbf7a', '#a3c46a', '#79b88a'], accents: ['#f7d94c', '#f49ac1', '#ffffff', '#f5b971'], wood: '#8a6446', leaf: '#5aa05a', draw: outdoors },
  'living-room': { walls: ['#f3ece4', '#e9eef0', '#f1e9ef', '#eef0e6'], floors: ['#b8916b', '#a7876a', '#c4a07c', '#9a8272'], accents: ['#6f8fb8', '#c9826b', '#7aa58a', '#b88fc0'], wood: '#8d6748', leaf: '#5f9e6e', draw: livingRoom },
  cafe: { walls: ['#d9a58a', '#c99a84', '#d6b08f', '#c4927f'], floors: ['#7a5a44', '#6d5445', '#85624a', '#5f4c42'], accents: ['#2f6f6a', '#c25a3c', '#3f5f8f', '#6a8f3f'], wood: '#9b6b47', leaf: '#5f9e6e', draw: cafe },
  store: { walls: ['#f2efe9', '#eef2f6', '#f6eeee', '#eef5ef'], floors: ['#cfc8bd', '#c1c7ce', '#d2c3bb', '#c5cdbf'], accents: ['#e2574c', '#3f8fd0', '#2f9e77', '#f0a22e'], wood: '#c29a6b', leaf: '#5f9e6e', draw: store },
  classroom: { walls: ['#f4ecd9', '#e7eef2', '#f0e6e0', '#e9f0e4'], floors: ['#c49a6c', '#b58d68', '#caa57d', '#a98a6c'], accents: ['#e2574c', '#3f8fd0', '#f0a22e', '#7c6bc4'], wood: '#a4744c', leaf: '#5f9e6e', draw: classroom },
  beach: { walls: ['#9fd6f2', '#b5e0f4', '#f6d0b5', '#a8dde6'], floors: ['#f1dcae', '#efd6a3', '#f3e0bb', '#ead2a0'], accents: ['#ef6c4a', '#3fa7d6', '#f2b134', '#e0567a'], wood: '#9b7450', leaf: '#4f9e5a', draw: beach },
};

function defs(setting: Setting, scene: Scene): string {
  const { p, u } = scene;
  const sky = setting === 'beach' || setting === 'outdoors' ? p.wall : '#cfe7f7';
  let out = '<defs>';
  out += `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(sky, 0.04)}"/><stop offset="1" stop-color="${lighten(sky, 0.55)}"/></linearGradient>`;
  out += `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d9fc9"/><stop offset="1" stop-color="#7fd3df"/></linearGradient>`;
  out += `<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(p.accent, 0.08)}"/><stop offset="1" stop-color="${lighten(p.accent, 0.4)}"/></linearGradient>`;
  out += `<linearGradient id="wallShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0.05"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></linearGradient>`;
  out += `<linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>`;
  out += `<linearGradient id="boardShine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.08"/></linearGradient>`;
  out += `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="0.8" stop-color="#ffffff" stop-opacity="0.04"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`;
  out += `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.5" stop-color="#2a1400" stop-opacity="0"/><stop offset="0.8" stop-color="#2a1400" stop-opacity="0.12"/><stop offset="1" stop-color="#2a1400" stop-opacity="0.3"/></radialGradient>`;
  out += `<linearGradient id="golden" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffb347" stop-opacity="0.38"/><stop offset="0.6" stop-color="#ff8c42" stop-opacity="0.1"/><stop offset="1" stop-color="#ff8c42" stop-opacity="0"/></linearGradient>`;
  const tileW = 60 * u;
  const tileH = 30 * u;
  const grout = darken(p.wall, 0.12);
  out += `<pattern id="tiles" patternUnits="userSpaceOnUse" width="${num(tileW)}" height="${num(tileH * 2)}">${rect(0, 0, tileW, tileH * 2, grout)}${rect(1.5 * u, 1.5 * u, tileW - 3 * u, tileH - 3 * u, lighten(p.wall, 0.5))}${rect(-tileW / 2 + 1.5 * u, tileH + 1.5 * u, tileW - 3 * u, tileH - 3 * u, lighten(p.wall, 0.5))}${rect(tileW / 2 + 1.5 * u, tileH + 1.5 * u, tileW - 3 * u, tileH - 3 * u, lighten(p.wall, 0.5))}</pattern>`;
  const brickW = 90 * u;
  const brickH = 40 * u;
  const mortar = lighten(p.wall, 0.25);
  const brick = p.wall;
  out += `<pattern id="bricks" patternUnits="userSpaceOnUse" width="${num(brickW)}" height="${num(brickH * 2)}">${rect(0, 0, brickW, brickH * 2, mortar)}${rect(2 * u, 2 * u, brickW - 4 * u, brickH - 4 * u, brick)}${rect(-brickW / 2 + 2 * u, brickH + 2 * u, brickW - 4 * u, brickH - 4 * u, darken(brick, 0.04))}${rect(brickW / 2 + 2 * u, brickH + 2 * u, brickW - 4 * u, brickH - 4 * u, darken(brick, 0.04))}</pattern>`;
  out += `<clipPath id="wall">${rect(0, 0, scene.W, scene.floorY, '#000')}</clipPath>`;
  out += '</defs>';
  return out;
}

/** An SVG document of the setting at width×height. */
export function sceneBackgroundSvg(setting: Setting, options: SceneOptions): string {
  const { width: W, height: H } = options;
  const v = options.variation ?? 0;
  const treatment = options.treatment ?? 'daylight';
  const style = SCENES[setting];
  const p: Palette = {
    wall: at(style.walls, v),
    floor: at(style.floors, v),
    accent: at(style.accents, v),
    accent2: at(style.accents, v + 2),
    wood: style.wood,
    leaf: style.leaf,
  };
  const scene: Scene = {
    W,
    H,
    u: Math.min(W, H) / 1080,
    floorY: floorLine(W, H),
    p,
    v,
    random: seededRandom(`${setting}:${v}`),
    headTop: presenterBox(W, H).y,
  };
  const { u, floorY } = scene;
  let body = '';
  body += rect(0, 0, W, H, p.wall);
  body += rect(0, 0, W, floorY, 'url(#wallShade)');
  body += rect(0, floorY, W, H - floorY, p.floor);
  body += rect(0, floorY, W, H - floorY, 'url(#floorShade)');
  body += style.draw(scene);
  if (setting !== 'outdoors' && setting !== 'beach') body += rect(0, floorY - 4 * u, W, 10 * u, darken(p.floor, 0.18), 'opacity="0.7"');
  // Light falling on the presenter's spot, then the model's treatment.
  body += ellipse(W / 2, floorY * 0.72, W * 0.6, floorY * 0.6, 'url(#glow)', 'clip-path="url(#wall)"');
  if (treatment === 'golden') {
    body += rect(0, 0, W, H, 'url(#golden)');
    body += rect(0, 0, W, H, 'url(#vignette)');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(setting, scene)}${body}</svg>`;
}

