// What every scene of one illustrated presenter shares: its pictures fitted to the video's size, the
// cut-out's place and shape, and the setting and mask as ffmpeg reads them. A reel's scenes are all
// rendered from the same pictures, two at a time; working these out again for each scene was about
// half of a scene's preparation (0.2–0.4 s of CPU at 1080×1920). They are kept a few minutes in the
// process under a hash of the pictures' bytes, the size and the drawn watermark, so only a render of
// exactly those pictures finds them; kept parts are shared and only ever read.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import sharp from '../sharp.ts';
import { VideoRenderError } from './errors.ts';
import type { RgbFrame } from './mouth-shapes.ts';
import { cropLayer, presenterLayer, swayAmplitude, type PresenterLayer } from './presenter-motion.ts';
import { fitStillRgb, toY4m, type Size } from './stills.ts';

/** The presenter's looks as drawn per frame: the whole picture, or its cut-out when it moves. */
export interface PresenterFrames {
  closed: RgbFrame;
  open: RgbFrame;
  /** Eyes shut, for blinks (when the avatar engine made one). */
  shut: RgbFrame | null;
}

export interface PresenterParts {
  face: PresenterFrames;
  /** A presenter with its setting moves over it: where its cut-out is and how far it sways, and the setting (YUV4MPEG) and mask (PNG) files' bytes. */
  motion: { layer: PresenterLayer; amplitude: { x: number; y: number }; settingY4m: Buffer; maskPng: Buffer } | null;
}

export interface PresenterPictures {
  imageFile: string;
  mouthOpenFile: string;
  eyesClosedFile?: string | null | undefined;
  settingFile?: string | null | undefined;
}

interface Job {
  pictures: PresenterPictures;
  size: Size;
  drawnMark: Buffer | null;
  /** Each picture's bytes, read once for the key and decoded from memory (null where there is no picture). */
  bytes: (Buffer | null)[];
}

const bytesOf = (parts: PresenterParts) =>
  [parts.face.closed, parts.face.open, parts.face.shut].reduce((sum, frame) => sum + (frame?.data.length ?? 0), 0) +
  (parts.motion ? parts.motion.layer.mask.length + parts.motion.settingY4m.length + parts.motion.maskPng.length : 0);

// Two presenters at 1080×1920 fit (about 25 MB each); a reel's scenes are rendered within minutes.
const kept = new LRUCache<string, PresenterParts, Job>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (parts) => Math.max(1, bytesOf(parts)),
  ttl: 5 * 60_000,
  fetchMethod: (_key, _stale, { context }) => workOut(context),
});

/** A picture (its file, or the file's bytes read already) fitted to the video's size as RGB, watermark drawn in when given; an unreadable one is the render's error. */
export async function fitRgbOrFail(file: string, size: Size, watermark: Buffer | null, bytes?: Buffer): Promise<RgbFrame> {
  try {
    const { data, info } = await fitStillRgb(bytes ?? file, size, watermark);
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    throw new VideoRenderError('unreadable-image', `Cannot read the picture ${file}: ${(err as Error).message}`, { cause: err });
  }
}

async function workOut({ pictures, size, drawnMark, bytes }: Job): Promise<PresenterParts> {
  const [image, mouthOpen, eyesClosed, settingBytes] = bytes;
  const [closed, open, shut, setting] = await Promise.all([
    fitRgbOrFail(pictures.imageFile, size, drawnMark, image!),
    fitRgbOrFail(pictures.mouthOpenFile, size, drawnMark, mouthOpen!),
    pictures.eyesClosedFile ? fitRgbOrFail(pictures.eyesClosedFile, size, drawnMark, eyesClosed!) : Promise.resolve(null),
    pictures.settingFile ? fitRgbOrFail(pictures.settingFile, size, null, settingBytes!) : Promise.resolve(null),
  ]);
  if (!setting) return { face: { closed, open, shut }, motion: null };
  const amplitude = swayAmplitude(size);
  // Only the presenter's cut-out is drawn and written per look (a picture the same as its setting moves whole, with no sway).
  const found = presenterLayer(closed, setting, amplitude);
  const layer = found ?? { box: { x: 0, y: 0, ...size }, mask: Buffer.alloc(size.width * size.height, 255) };
  const still = layer.box.width === size.width && layer.box.height === size.height;
  const cut = (frame: RgbFrame) => cropLayer(frame, layer.box);
  const maskPng = await sharp(layer.mask, { raw: { width: layer.box.width, height: layer.box.height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
  return {
    face: { closed: cut(closed), open: cut(open), shut: shut ? cut(shut) : null },
    motion: { layer, amplitude: still ? { x: 0, y: 0 } : amplitude, settingY4m: toY4m(setting.data, setting.width, setting.height, setting.channels), maskPng },
  };
}

/** The pictures' bytes, and the key they are kept under: their SHA-256 with the size and the drawn watermark. */
async function readPictures(pictures: PresenterPictures, size: Size, drawnMark: Buffer | null): Promise<{ key: string; bytes: (Buffer | null)[] }> {
  const files = [pictures.imageFile, pictures.mouthOpenFile, pictures.eyesClosedFile, pictures.settingFile];
  const bytes = await Promise.all(
    files.map((file) =>
      file
        ? readFile(file).catch((err: unknown) => {
            throw new VideoRenderError('unreadable-image', `Cannot read the picture ${file}: ${(err as Error).message}`, { cause: err });
          })
        : null,
    ),
  );
  const hash = createHash('sha256').update(`${size.width}x${size.height}\n`);
  for (const picture of bytes) hash.update(picture ? `${picture.length}\n` : '-\n').update(picture ?? '');
  hash.update(drawnMark ?? '-');
  return { key: hash.digest('hex'), bytes };
}

/** The presenter's shared parts for these pictures at this size, worked out once and kept a few minutes. */
export async function presenterParts(pictures: PresenterPictures, size: Size, drawnMark: Buffer | null): Promise<PresenterParts> {
  const { key, bytes } = await readPictures(pictures, size, drawnMark);
  const parts = await kept.fetch(key, { context: { pictures, size, drawnMark, bytes } });
  return parts!;
}

/** How many presenters this process keeps worked out (for tests). */
export function keptPresenters(): number {
  return kept.size;
}
