import { createHash } from 'node:crypto';
import { decodeDataUrl, detectAspect, normaliseImage, type UploadPurpose } from '@reelsmith/media';
import { AppError, generationMessages, MAX_UPLOADED_AVATARS, type AspectRatio, type Project } from '@reelsmith/shared';
import { findOwnedProject } from '../projects/project-rows.ts';
import { avatarPool, resolveSelection } from '../projects/project-media.ts';
import { mediaUrl } from '../storage/media-storage.ts';
import { projectKey } from './artifact-key.ts';
import type { AppDeps } from '../app-deps.ts';
import { finishGeneration, startGeneration } from './generation-service.ts';
import type { GenerationJobView } from './generation-jobs.ts';
import { changeProject } from './project-update.ts';

/** Decodes, checks by content (type, 10 MB, pixels) and re-encodes an uploaded image; names it by its content. */
async function prepareUpload(projectId: string, dataUrl: string, purpose: UploadPurpose, folder: string) {
  try {
    const decoded = decodeDataUrl(dataUrl, { purpose });
    const image = await normaliseImage(decoded.buffer, purpose);
    const hash = createHash('sha256').update(image.buffer).digest('hex').slice(0, 24);
    const key = projectKey(projectId, folder, `${hash}.${image.type === 'png' ? 'png' : 'jpg'}`);
    return { key, buffer: image.buffer, mimeType: image.mimeType, width: image.width, height: image.height };
  } catch (err) {
    if (err instanceof Error && err.name === 'ImageUploadError') {
      const code = (err as Error & { code?: string }).code;
      throw new AppError(code === 'too_large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', err.message, code === 'too_large' ? { reason: 'image_too_large' } : undefined);
    }
    throw err;
  }
}

async function storeUpload(deps: AppDeps, projectId: string, dataUrl: string, purpose: UploadPurpose, folder: string) {
  const image = await prepareUpload(projectId, dataUrl, purpose, folder);
  await deps.storage.put(image.key, { buffer: image.buffer }, image.mimeType);
  return image;
}

const tooManyUploads = `You can keep at most ${MAX_UPLOADED_AVATARS} uploaded avatars. Remove one first.`;

/**
 * An uploaded avatar photo: becomes the selected avatar, and the project's aspect follows the
 * photo's shape (customer spec §4, §9).
 */
export async function uploadAvatar(
  deps: AppDeps,
  userId: string,
  input: { id: string; image: string; filename: string; aspectRatio?: AspectRatio | undefined },
): Promise<{ url: string; aspectRatio: AspectRatio; project: Project }> {
  // A full list is refused before the image is processed; the check that counts is the locked one below.
  const current = await findOwnedProject(deps.db, userId, input.id);
  if ((current.assets.avatar?.uploaded?.length ?? 0) >= MAX_UPLOADED_AVATARS) throw new AppError('BAD_REQUEST', tooManyUploads);
  const image = await prepareUpload(input.id, input.image, 'avatar', 'uploads');
  const aspect = detectAspect(image.width, image.height);
  const url = mediaUrl(image.key);
  // The cap is checked under the project's row lock and the file stored only once it will be kept,
  // so parallel uploads keep exactly the allowed number and a refused one leaves nothing behind.
  const project = await deps.db.transaction().execute((trx) =>
    changeProject(trx, userId, input.id, async (p) => {
      const others = (p.assets.avatar?.uploaded ?? []).filter((u) => u !== url);
      if (others.length >= MAX_UPLOADED_AVATARS) throw new AppError('BAD_REQUEST', tooManyUploads);
      await deps.storage.put(image.key, { buffer: image.buffer }, image.mimeType);
      return {
        aspect,
        params: { ...p.params, aspect },
        assets: { ...p.assets, avatar: { ...(p.assets.avatar ?? {}), uploaded: [...others, url], selected: url } },
      };
    }),
  );
  return { url, aspectRatio: aspect, project };
}

/** Stores the product picture, then makes four variations of the chosen avatar with it (a job). */
/** Checks the chosen avatar, stores the product picture and starts the pictures; answers the job at once. */
export async function startAvatarProduct(
  deps: AppDeps,
  userId: string,
  input: { id: string; productImage: string; interactionPrompt: string; aspectRatio?: AspectRatio | undefined },
): Promise<GenerationJobView> {
  const project = await findOwnedProject(deps.db, userId, input.id);
  if (!resolveSelection(project.assets.avatar?.selected, avatarPool(project.assets))) {
    throw new AppError('BAD_REQUEST', generationMessages.noAvatarForProduct, { reason: 'avatar_required' });
  }
  const stored = await storeUpload(deps, input.id, input.productImage, 'product', 'product');
  return startGeneration(deps, userId, input.id, 'avatar_product', {
    productKey: stored.key,
    interactionPrompt: input.interactionPrompt,
    aspect: input.aspectRatio ?? project.aspect,
  });
}

export async function generateAvatarProduct(
  deps: AppDeps,
  userId: string,
  input: { id: string; productImage: string; interactionPrompt: string; aspectRatio?: AspectRatio | undefined },
): Promise<{ job: GenerationJobView; project: Project }> {
  return finishGeneration(deps, userId, await startAvatarProduct(deps, userId, input));
}
