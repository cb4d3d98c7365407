// The offline product compositor: puts the customer's product picture into the chosen avatar frame in
// four layouts, over both lip-sync frames, so the video can still move the mouth.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from '../sharp.ts';
import type { AvatarImage, ProductCompositeRequest, ProductCompositor, ProductLayout } from '../engines.ts';
import { darken, lighten, num } from '../avatars/drawing.ts';
import { onPresenter, presenterBox, presenterFaceY, type PresenterBox } from '../avatars/presenter-layout.ts';

export const PRODUCT_LAYOUTS: readonly ProductLayout[] = ['held-in-hand', 'beside', 'raised', 'on-counter'];

const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;
/** Products are scaled down to this before placing; frames never need more. */
const MAX_PRODUCT_SIDE = 1600;

export class ProductCompositeError extends Error {
  override name = 'ProductCompositeError';
}

export interface PreparedProduct {
  png: Buffer;
  width: number;
  height: number;
  /** A cut-out with transparency keeps its shape; an opaque photo gets rounded corners and a shadow. */
  cutOut: boolean;
}

/**
 * Trims the product's uniform background margin (the top-left pixel's colour, or transparency) and
 * rounds the corners of opaque photos.
 */
export async function prepareProduct(input: string | Buffer): Promise<PreparedProduct> {
  const oriented = await sharp(input, { pages: 1 })
    .autoOrient()
    .resize({ width: MAX_PRODUCT_SIDE, height: MAX_PRODUCT_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  let trimmed = oriented;
  try {
    trimmed = await sharp(oriented).trim({ threshold: 14 }).png({ compressionLevel: 0 }).toBuffer();
  } catch {
    // A picture of one flat colour has nothing to trim; keep it as it is.
  }
  const { width, height } = await sharp(trimmed).metadata();
  const { isOpaque } = await sharp(trimmed).stats();
  if (!isOpaque) return { png: trimmed, width, height, cutOut: true };
  const radius = Math.round(Math.min(width, height) * 0.06);
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`);
  const rounded = await sharp(trimmed).composite([{ input: mask, blend: 'dest-in' }]).png({ compressionLevel: 0 }).toBuffer();
  return { png: rounded, width, height, cutOut: false };
}

/** Where a product goes: its centre, the largest box it must fit, and its tilt. */
interface Placement {
  centreX: number;
  centreY: number;
  maxWidth: number;
  maxHeight: number;
  angle: number;
  /** Rest the bottom on this line instead of centring vertically. */
  bottomY?: number;
  hand: 'side' | 'below' | null;
}

function placementFor(layout: ProductLayout, width: number, height: number, box: PresenterBox): Placement {
  const S = box.size;
  const margin = Math.min(width, height) * 0.04;
  switch (layout) {
    case 'held-in-hand': {
      const at = onPresenter(box, 212, 262);
      return { centreX: Math.min(at.x, width - margin - S * 0.17), centreY: at.y, maxWidth: S * 0.32, maxHeight: S * 0.44, angle: -8, hand: 'side' };
    }
    case 'beside': {
      const maxWidth = Math.min(S * 0.42, width * 0.34);
      const centreX = Math.min(width - margin - maxWidth / 2, box.x + S * 1.08);
      return { centreX, centreY: height * 0.7, maxWidth, maxHeight: Math.min(S * 0.62, height * 0.42), angle: 0, bottomY: height - margin, hand: null };
    }
    case 'raised': {
      const at = onPresenter(box, 30, 140);
      const maxWidth = S * 0.3;
      return { centreX: Math.max(at.x, margin + maxWidth / 2), centreY: at.y, maxWidth, maxHeight: S * 0.42, angle: 7, hand: 'below' };
    }
    case 'on-counter': {
      const counterTop = counterTopFor(width, height);
      return { centreX: width / 2 + S * 0.3, centreY: counterTop, maxWidth: S * 0.36, maxHeight: S * 0.42, angle: 0, bottomY: counterTop + (height - counterTop) * 0.22, hand: null };
    }
  }
}

function counterTopFor(width: number, height: number): number {
  return Math.round(height * (width < height ? 0.84 : 0.8));
}

/** The foreground counter for 'on-counter': a wooden top edge and a front panel across the frame. */
function counterSvg(width: number, height: number): string {
  const top = counterTopFor(width, height);
  const depth = (height - top) * 0.3;
  const wood = '#c89b6d';
  // Cabinet-door grooves on the front panel, about one per 300 px.
  const doors = Math.max(2, Math.round(width / 300));
  let grooves = '';
  for (let i = 1; i < doors; i++) grooves += `<rect x="${num((width * i) / doors - 2)}" y="${num(top + depth * 1.25)}" width="4" height="${num(height - top - depth * 1.25)}" fill="${darken(wood, 0.4)}" opacity="0.35"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(wood, 0.12)}"/><stop offset="1" stop-color="${darken(wood, 0.3)}"/></linearGradient></defs>
<rect x="0" y="${num(top - 8)}" width="${width}" height="16" fill="#000" opacity="0.12"/>
<rect x="0" y="${num(top)}" width="${width}" height="${num(depth)}" fill="${lighten(wood, 0.15)}"/>
<rect x="0" y="${num(top + depth)}" width="${width}" height="${num(height - top - depth)}" fill="url(#front)"/>
<rect x="0" y="${num(top + depth)}" width="${width}" height="${num(Math.max(3, depth * 0.08))}" fill="${lighten(wood, 0.35)}"/>
${grooves}
</svg>`;
}

/**
 * Simple flat fingers gripping a product of w×h, drawn on a canvas padded by `pad` on every side so
 * the hand can overhang the product and turn with it. `finger` is the finger thickness.
 */
function handSvg(kind: 'side' | 'below', w: number, h: number, pad: number, finger: number, skin: string): string {
  const outline = darken(skin, 0.2);
  const stroke = `stroke="${outline}" stroke-width="${num(finger * 0.08)}"`;
  const shade = darken(skin, 0.08);
  let shapes = '';
  if (kind === 'side') {
    // Four fingers wrapped round the product's left edge, the thumb resting above them.
    const x = pad - finger * 0.7;
    const top = pad + h * 0.56 - finger * 2;
    shapes += `<rect x="${num(x - finger * 0.2)}" y="${num(top - finger * 1.3)}" width="${num(finger * 1.1)}" height="${num(finger * 2.2)}" rx="${num(finger * 0.55)}" fill="${shade}" ${stroke} transform="rotate(28 ${num(x + finger * 0.35)} ${num(top)})"/>`;
    for (let i = 0; i < 4; i++) {
      const length = finger * (2.5 - Math.abs(i - 1.5) * 0.25);
      shapes += `<rect x="${num(x)}" y="${num(top + i * finger)}" width="${num(length)}" height="${num(finger * 1.02)}" rx="${num(finger * 0.5)}" fill="${skin}" ${stroke}/>`;
    }
  } else {
    // Fingers curled up over the front of the product's base, the palm below.
    const cx = pad + w / 2;
    const base = pad + h;
    shapes += `<ellipse cx="${num(cx)}" cy="${num(base + finger * 0.5)}" rx="${num(finger * 2.5)}" ry="${num(finger * 1.1)}" fill="${shade}" ${stroke}/>`;
    for (let i = 0; i < 4; i++) {
      const length = finger * (1.9 - Math.abs(i - 1.5) * 0.2);
      shapes += `<rect x="${num(cx - finger * 2 + i * finger)}" y="${num(base - length + finger * 0.4)}" width="${num(finger * 1.02)}" height="${num(length)}" rx="${num(finger * 0.5)}" fill="${skin}" ${stroke}/>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w + pad * 2}" height="${h + pad * 2}">${shapes}</svg>`;
}

/**
 * The presenter's skin colour, read from the neck and cheeks of the frame: the most common colour
 * among a few samples that looks like skin (beards and collars fall away); a warm default otherwise.
 */
async function skinColour(avatarFile: string, box: PresenterBox): Promise<string> {
  const { data, info } = await sharp(avatarFile).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  for (const [gx, gy] of [[140, 204], [120, 202], [160, 202], [140, 210], [100, 150], [180, 150], [140, 96], [88, 125], [192, 125]] as const) {
    const { x, y } = onPresenter(box, gx, gy);
    const px = Math.min(info.width - 1, Math.max(0, Math.round(x)));
    const py = Math.min(info.height - 1, Math.max(0, Math.round(y)));
    const i = (py * info.width + px) * info.channels;
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    if (!(r > g && g > b && r - b > 30 && r > 70)) continue;
    const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    counts.set(hex, (counts.get(hex) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : '#e0a878';
}

export class LocalProductCompositor implements ProductCompositor {
  async compose(request: ProductCompositeRequest): Promise<(AvatarImage & { layout: ProductLayout })[]> {
    if (!Number.isInteger(request.count) || request.count < 1) throw new ProductCompositeError('count must be a whole number of at least 1.');
    const layouts = PRODUCT_LAYOUTS.slice(0, Math.min(request.count, PRODUCT_LAYOUTS.length));
    const frame = await sharp(request.avatarFile).metadata();
    const { width, height } = frame.autoOrient;
    // The presenter's other frames (mouth open, eyes shut) get the same layers, so the product holds still while they animate.
    // The setting alone gets them too: the product stays put while the presenter moves over it.
    const sideFrames = { 'open-mouth': request.avatarMouthOpenFile ?? null, 'eyes-shut': request.avatarEyesClosedFile ?? null, setting: request.avatarSettingFile ?? null };
    for (const [name, file] of Object.entries(sideFrames)) {
      if (!file) continue;
      const side = await sharp(file).metadata();
      if (side.autoOrient.width !== width || side.autoOrient.height !== height) throw new ProductCompositeError(`The ${name} frame must be the same size as the avatar.`);
    }
    const asPng = (file: string | null) => (file ? sharp(file).autoOrient().png({ compressionLevel: 0 }).toBuffer() : Promise.resolve(null));
    const [closedFrame, openFrame, shutFrame, settingFrame] = await Promise.all([asPng(request.avatarFile), asPng(sideFrames['open-mouth']), asPng(sideFrames['eyes-shut']), asPng(sideFrames.setting)]);
    const product = await prepareProduct(request.productFile);
    const box = presenterBox(width, height);
    const skin = await skinColour(request.avatarFile, box);
    await mkdir(request.outDir, { recursive: true });

    return Promise.all(
      layouts.map(async (layout, index) => {
        const layers = await this.layers(layout, product, width, height, box, skin);
        const file = join(request.outDir, `product-${index + 1}-${layout}.png`);
        const mouthOpenFile = openFrame ? join(request.outDir, `product-${index + 1}-${layout}-mouth-open.png`) : null;
        const eyesClosedFile = shutFrame ? join(request.outDir, `product-${index + 1}-${layout}-eyes-closed.png`) : null;
        const settingFile = settingFrame ? join(request.outDir, `product-${index + 1}-${layout}-setting.png`) : null;
        const draw = (picture: Buffer | null, out: string | null) => (picture && out ? sharp(picture).composite(layers).png(PNG_OPTIONS).toFile(out) : Promise.resolve());
        await Promise.all([draw(closedFrame, file), draw(openFrame, mouthOpenFile), draw(shutFrame, eyesClosedFile), draw(settingFrame, settingFile)]);
        return {
          file,
          mouthOpenFile,
          eyesClosedFile,
          settingFile,
          width,
          height,
          model: 'local-compositor',
          layout,
          // The illustrated presenter (it has an open-mouth frame) has its face where the layout puts it; a photo's is unknown.
          ...(request.avatarMouthOpenFile ? { faceY: presenterFaceY(width, height) } : {}),
          traits: { layout, interaction: request.interaction.trim(), product: product.cutOut ? 'cut-out' : 'photo' },
        };
      }),
    );
  }

  /** Everything drawn over the avatar for one layout, bottom to top. */
  private async layers(layout: ProductLayout, product: PreparedProduct, width: number, height: number, box: PresenterBox, skin: string): Promise<OverlayOptions[]> {
    const place = placementFor(layout, width, height, box);
    const scale = Math.min(place.maxWidth / product.width, place.maxHeight / product.height);
    const w = Math.max(1, Math.round(product.width * scale));
    const h = Math.max(1, Math.round(product.height * scale));
    const centreY = place.bottomY !== undefined ? place.bottomY - h / 2 : place.centreY;
    const centreX = place.centreX;
    const sized = await sharp(product.png).resize(w, h).png({ compressionLevel: 0 }).toBuffer();
    // The product and the hand holding it share one padded canvas so they tilt together.
    const finger = Math.max(6, box.size * 0.03);
    const pad = place.hand ? Math.round(finger * 3) : 0;
    const group = place.hand
      ? await sharp({ create: { width: w + pad * 2, height: h + pad * 2, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
          .composite([
            { input: sized, left: pad, top: pad },
            { input: Buffer.from(handSvg(place.hand, w, h, pad, finger, skin)), left: 0, top: 0 },
          ])
          .png({ compressionLevel: 0 })
          .toBuffer()
      : sized;
    const rotated = place.angle === 0 ? group : await sharp(group).rotate(place.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png({ compressionLevel: 0 }).toBuffer();
    const { width: rw, height: rh } = await sharp(rotated).metadata();
    const layers: (OverlayOptions | null)[] = [];

    if (layout === 'on-counter') layers.push({ input: Buffer.from(counterSvg(width, height)), left: 0, top: 0 });
    if (place.bottomY !== undefined) {
      // A soft contact shadow where the product stands.
      const sw = Math.round(w * 1.1);
      const sh = Math.max(6, Math.round(h * 0.08));
      const shadow = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw * 2}" height="${sh * 4}"><ellipse cx="${sw}" cy="${sh * 2}" rx="${sw * 0.5}" ry="${sh * 0.5}" fill="#000" opacity="0.28"/></svg>`;
      layers.push(await clipped(await sharp(Buffer.from(shadow)).blur(Math.max(1, sh * 0.35)).png().toBuffer(), centreX - sw, place.bottomY - sh * 2, sw * 2, sh * 4, width, height));
    }
    if (!product.cutOut) {
      // Opaque photos float a little off the frame: a soft, rounded shadow offset down-right.
      const pad = Math.round(Math.max(w, h) * 0.12);
      const radius = Math.round(Math.min(w, h) * 0.06);
      const shadowSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w + pad * 2}" height="${h + pad * 2}"><rect x="${pad}" y="${pad}" width="${w}" height="${h}" rx="${radius}" fill="#101522" opacity="0.32" transform="rotate(${place.angle} ${num(pad + w / 2)} ${num(pad + h / 2)})"/></svg>`;
      const shadow = await sharp(Buffer.from(shadowSvg)).blur(Math.max(1, pad * 0.35)).png().toBuffer();
      const offset = Math.round(Math.max(w, h) * 0.025);
      layers.push(await clipped(shadow, centreX - w / 2 - pad + offset, centreY - h / 2 - pad + offset * 1.5, w + pad * 2, h + pad * 2, width, height));
    }
    layers.push(await clipped(rotated, centreX - rw / 2, centreY - rh / 2, rw, rh, width, height));
    return layers.filter((layer): layer is OverlayOptions => layer !== null);
  }
}

/** An overlay at (left, top) cropped to the frame, since sharp refuses overlays that overhang it. */
async function clipped(input: Buffer, left: number, top: number, width: number, height: number, frameWidth: number, frameHeight: number): Promise<OverlayOptions | null> {
  const x = Math.round(left);
  const y = Math.round(top);
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(frameWidth, x + width);
  const y1 = Math.min(frameHeight, y + height);
  if (x1 <= x0 || y1 <= y0) return null;
  if (x0 === x && y0 === y && x1 === x + width && y1 === y + height) return { input, left: x, top: y };
  const cropped = await sharp(input).extract({ left: x0 - x, top: y0 - y, width: x1 - x0, height: y1 - y0 }).png({ compressionLevel: 0 }).toBuffer();
  return { input: cropped, left: x0, top: y0 };
}
