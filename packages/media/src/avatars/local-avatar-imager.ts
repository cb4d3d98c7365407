// The offline avatar imager: an illustrated presenter over a drawn setting, four variations, each
// with a closed-mouth and an open-mouth frame for lip movement, an eyes-shut frame for blinks, and the
// setting alone (the renderer moves the presenter over it).
//
// Avatar style: "Avataaars" by Pablo Stanley (https://avataaars.com/), free for personal and
// commercial use, as remixed by DiceBear (@dicebear/avataaars, code MIT © Florian Körner). See
// node_modules/@dicebear/avataaars/LICENSE.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import sharp from '../sharp.ts';
import type { AvatarImage, AvatarImager, AvatarModel, AvatarRequest } from '../engines.ts';
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

export class LocalAvatarImager implements AvatarImager {
  async generate(request: AvatarRequest): Promise<AvatarImage[]> {
    const description = request.description.trim();
    if (description === '') throw new AvatarRequestError('Avatar generation needs a non-blank description.');
    if (!Number.isInteger(request.count) || request.count < 1 || request.count > MAX_VARIATIONS) {
      throw new AvatarRequestError(`count must be a whole number from 1 to ${MAX_VARIATIONS}.`);
    }
    const traits = readDescription(description);
    const { width, height } = dimensionsFor(request.aspect, 'high');
    const box = presenterBox(width, height);
    const seedText = `${description.toLowerCase().replace(/\s+/g, ' ')}|${request.seed ?? ''}`;
    await mkdir(request.outDir, { recursive: true });

    const variations = Array.from({ length: request.count }, (_, index) => index);
    return Promise.all(
      variations.map(async (index): Promise<AvatarImage> => {
        const look = avatarLook(traits, request.model, seedText, index);
        const background = sceneBackgroundSvg(traits.setting, { width, height, variation: look.backgroundVariation, treatment: look.treatment });
        const [backdrop, closed, open, blink] = await Promise.all([
          drawnBackdrop(background),
          renderPresenter(look, MOUTH_CLOSED, box),
          renderPresenter(look, MOUTH_OPEN, box),
          renderPresenter(look, MOUTH_CLOSED, box, true),
        ]);
        const shadow = await presenterShadow(closed, box);
        const file = join(request.outDir, `avatar-${index + 1}.png`);
        const mouthOpenFile = join(request.outDir, `avatar-${index + 1}-mouth-open.png`);
        const eyesClosedFile = join(request.outDir, `avatar-${index + 1}-eyes-closed.png`);
        const settingFile = join(request.outDir, `avatar-${index + 1}-setting.png`);
        const shadowLayer = { input: shadow.data, ...rgba(shadow), left: box.x + Math.round(box.size * 0.018), top: box.y + Math.round(box.size * 0.01) };
        const frames: [RawImage, string][] = [
          [closed, file],
          [open, mouthOpenFile],
          [blink, eyesClosedFile],
        ];
        await Promise.all([
          ...frames.map(([presenter, out]) =>
            sharp(backdrop.data, rgba(backdrop))
              .composite([shadowLayer, { input: presenter.data, ...rgba(presenter), left: box.x, top: box.y }])
              .removeAlpha()
              .png(PNG_OPTIONS)
              .toFile(out),
          ),
          // The setting keeps the shadow: the presenter moves a few pixels over it, the wall stays put.
          sharp(backdrop.data, rgba(backdrop)).composite([shadowLayer]).removeAlpha().png(PNG_OPTIONS).toFile(settingFile),
        ]);
        return { file, mouthOpenFile, eyesClosedFile, settingFile, width, height, model: MODEL_LABELS[request.model], traits: look.traits, faceY: presenterFaceY(width, height) };
      }),
    );
  }
}
