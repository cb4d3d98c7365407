// The offline avatar imager: an illustrated presenter over a drawn setting, four variations; for the
// one that is used, an open-mouth frame for lip movement, an eyes-shut frame for blinks, and the
// setting alone (the renderer moves the presenter over it).
//
// Avatar style: "Avataaars" by Pablo Stanley (https://avataaars.com/), free for personal and
// commercial use, as remixed by DiceBear (@dicebear/avataaars, code MIT © Florian Körner). See
// node_modules/@dicebear/avataaars/LICENSE.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import { ASPECT_RATIOS } from '@reelsmith/shared';
import { z } from 'zod';
import sharp, { type OverlayOptions } from '../sharp.ts';
import type { AvatarImage, AvatarImager, AvatarModel, AvatarRequest, AvatarSideFrames, SideFramesRecipe } from '../engines.ts';
import { dimensionsFor } from '../video-size.ts';
import { avatarLook, EYES_SHUT, MOUTH_CLOSED, MOUTH_OPEN, type AvatarLook } from './avatar-look.ts';
import { readDescription } from './description-traits.ts';
import { presenterBox, presenterFaceY, type PresenterBox } from './presenter-layout.ts';
import { sceneBackgroundSvg } from './scene-backgrounds.ts';
import { drawnBackdrop, PNG_OPTIONS, rawPixels, type RawImage } from './drawn-backdrops.ts';

export const AVATAR_STYLE_CREDIT = 'Avataaars by Pablo Stanley (avataaars.com), free for personal and commercial use; via DiceBear';

const MODEL_LABELS: Readonly<Record<AvatarModel, string>> = {
  'google-imagen-4-ultra': 'local-illustrated (for google-imagen-4-ultra)',
  'flux-kontext': 'local-illustrated (for flux-kontext)',
};

/** Most variations one request may ask for; the product asks for 4. */
export const MAX_VARIATIONS = 8;

/** The `style` of this imager's side-frame recipes. */
const RECIPE_STYLE = 'local-illustrated-1';

export class AvatarRequestError extends Error {
  override name = 'AvatarRequestError';
}

/** Renders one avataaars presenter (closed or open mouth, eyes shut for a blink) as a PNG of box.size pixels. */
function presenterSvg(look: AvatarLook, mouth: string, size: number, eyesShut: boolean): string {
  const options = { ...look.options, mouth: [mouth], ...(eyesShut ? { eyes: [EYES_SHUT] } : {}), size };
  return createAvatar(avataaars, options as Parameters<typeof createAvatar<typeof avataaars>>[1]).toString();
}

// Pixels are held between steps as raw RGBA: the same pixels as a PNG round trip, without its encode and decode (about a tenth of the imager's CPU).
const rgba = (image: RawImage) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

/** The presenter, the torso continued down (edge pixels copied) to the frame's bottom. */
async function renderPresenter(look: AvatarLook, mouth: string, box: PresenterBox, eyesShut = false): Promise<RawImage> {
  const bust = await rawPixels(sharp(Buffer.from(presenterSvg(look, mouth, box.size, eyesShut))));
  return rawPixels(sharp(bust.data, rgba(bust)).extend({ bottom: box.extension, extendWith: 'copy' }));
}

/** A soft shadow the presenter's shape casts on the wall, to lift them off the flat background. */
async function presenterShadow(presenter: RawImage, box: PresenterBox): Promise<RawImage> {
  const height = box.size + box.extension;
  const alpha = await sharp(presenter.data, rgba(presenter)).extractChannel(3).linear(0.16, 0).raw().toBuffer();
  return rawPixels(
    sharp({ create: { width: box.size, height, channels: 3, background: '#1c2030' } })
      .joinChannel(alpha, { raw: { width: box.size, height, channels: 1 } })
      .blur(Math.max(1, box.size * 0.02)),
  );
}

/** The imager's recipe for a picture's side frames: everything its drawing follows. */
const recipeSchema = z.object({
  style: z.literal(RECIPE_STYLE),
  description: z.string().trim().min(1).max(10_000),
  model: z.enum(Object.keys(MODEL_LABELS) as [AvatarModel, ...AvatarModel[]]),
  aspect: z.enum(ASPECT_RATIOS),
  seed: z.string().max(200),
  index: z.number().int().min(0).max(MAX_VARIATIONS - 1),
});
type Recipe = z.infer<typeof recipeSchema>;

/** A variation's parts: its setting, the closed presenter and the shadow they share, placed in the frame. */
interface Variation {
  look: AvatarLook;
  width: number;
  height: number;
  box: PresenterBox;
  backdrop: RawImage;
  closed: RawImage;
  shadowLayer: OverlayOptions;
}

async function drawVariation(recipe: Recipe): Promise<Variation> {
  const description = recipe.description.trim();
  const traits = readDescription(description);
  const { width, height } = dimensionsFor(recipe.aspect, 'high');
  const box = presenterBox(width, height);
  const look = avatarLook(traits, recipe.model, `${description.toLowerCase().replace(/\s+/g, ' ')}|${recipe.seed}`, recipe.index);
  const background = sceneBackgroundSvg(traits.setting, { width, height, variation: look.backgroundVariation, treatment: look.treatment });
  const [backdrop, closed] = await Promise.all([drawnBackdrop(background), renderPresenter(look, MOUTH_CLOSED, box)]);
  const shadow = await presenterShadow(closed, box);
  const shadowLayer = { input: shadow.data, ...rgba(shadow), left: box.x + Math.round(box.size * 0.018), top: box.y + Math.round(box.size * 0.01) };
  return { look, width, height, box, backdrop, closed, shadowLayer };
}

/** The presenter over the setting and its shadow, as a PNG. */
function writeFrame(variation: Variation, presenter: RawImage | null, out: string): Promise<unknown> {
  const { backdrop, box, shadowLayer } = variation;
  const layers = presenter ? [shadowLayer, { input: presenter.data, ...rgba(presenter), left: box.x, top: box.y }] : [shadowLayer];
  return sharp(backdrop.data, rgba(backdrop)).composite(layers).removeAlpha().png(PNG_OPTIONS).toFile(out);
}

/**
 * Draws the pictures, and a picture's side frames (its mouth open, its eyes shut, its setting alone) only
 * when asked for that picture: of four variations one is used, and the side frames were two thirds of
 * drawing them all (docs/decisions.md).
 */
export class LocalAvatarImager implements AvatarImager {
  async generate(request: AvatarRequest): Promise<AvatarImage[]> {
    const description = request.description.trim();
    if (description === '') throw new AvatarRequestError('Avatar generation needs a non-blank description.');
    if (!Number.isInteger(request.count) || request.count < 1 || request.count > MAX_VARIATIONS) {
      throw new AvatarRequestError(`count must be a whole number from 1 to ${MAX_VARIATIONS}.`);
    }
    await mkdir(request.outDir, { recursive: true });
    const variations = Array.from({ length: request.count }, (_, index) => index);
    return Promise.all(
      variations.map(async (index): Promise<AvatarImage> => {
        const recipe: Recipe = { style: RECIPE_STYLE, description, model: request.model, aspect: request.aspect, seed: request.seed ?? '', index };
        const variation = await drawVariation(recipe);
        const file = join(request.outDir, `avatar-${index + 1}.png`);
        await writeFrame(variation, variation.closed, file);
        const { width, height, look } = variation;
        return { file, mouthOpenFile: null, width, height, model: MODEL_LABELS[request.model], traits: look.traits, faceY: presenterFaceY(width, height), sideFramesRecipe: recipe };
      }),
    );
  }

  async drawSideFrames(recipe: SideFramesRecipe, outDir: string): Promise<AvatarSideFrames> {
    const parsed = recipeSchema.safeParse(recipe);
    if (!parsed.success) throw new AvatarRequestError(`Not a recipe of this imager: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
    const variation = await drawVariation(parsed.data);
    const { look, box } = variation;
    const [open, blink] = await Promise.all([renderPresenter(look, MOUTH_OPEN, box), renderPresenter(look, MOUTH_CLOSED, box, true)]);
    await mkdir(outDir, { recursive: true });
    const name = `avatar-${parsed.data.index + 1}`;
    const frames = { mouthOpenFile: join(outDir, `${name}-mouth-open.png`), eyesClosedFile: join(outDir, `${name}-eyes-closed.png`), settingFile: join(outDir, `${name}-setting.png`) };
    // The setting keeps the shadow: the presenter moves a few pixels over it, the wall stays put.
    await Promise.all([writeFrame(variation, open, frames.mouthOpenFile), writeFrame(variation, blink, frames.eyesClosedFile), writeFrame(variation, null, frames.settingFile)]);
    return frames;
  }
}

/** The pictures with each one's side frames drawn beside it, for callers that use every variation (tools, tests). */
export async function avatarsWithSideFrames(imager: LocalAvatarImager, request: AvatarRequest): Promise<(AvatarImage & AvatarSideFrames)[]> {
  const images = await imager.generate(request);
  return Promise.all(images.map(async (image) => ({ ...image, ...(await imager.drawSideFrames(image.sideFramesRecipe!, request.outDir)) })));
}
