import { createHash } from 'node:crypto';
import { decodeDataUrl, detectAspect, normaliseImage, type UploadPurpose } from '@reelsmith/media';
import { AppError, generationMessages, MAX_UPLOADED_AVATARS, type AspectRatio, type Project } from '@reelsmith/shared';
import { findOwnedProject } from '../projects/project-rows.ts';
import { avatarPool, resolveSelection } from '../projects/project-media.ts';
import { mediaUrl } from '../storage/media-storage.ts';
import { projectKey } from './artifact-key.ts';
import type { AppDeps } from './generation-deps.ts';
import { runGeneration } from './generation-service.ts';
import type { GenerationJobView } from './generation-jobs.ts';
import { changeProject } from './project-update.ts';

/** Decodes, checks by content (type, 10 MB, pixels), re-encodes and stores an uploaded image. */
async function storeUpload(deps: AppDeps, projectId: string, dataUrl: string, purpose: UploadPurpose, folder: string) {
  try {
    const decoded = decodeDataUrl(dataUrl, { purpose });
    const image = await normaliseImage(decoded.buffer, purpose);
    const hash = createHash('sha256').update(image.buffer).digest('hex').slice(0, 24);
    const key = projectKey(projectId, folder, `${hash}.${image.type === 'png' ? 'png' : 'jpg'}`);
    await deps.storage.put(key, { buffer: image.buffer }, image.mimeType);
    return { key, width: image.width, height: image.height };
  } catch (err) {
    if (err instanceof Error && err.name === 'ImageUploadError') {
      const code = (err as Error & { code?: string }).code;
      throw new AppError(code === 'too_large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', err.message);
    }
    throw err;
  }
}

/**
 * An uploaded avatar photo: becomes the selected avatar, and the project's aspect follows the
 * photo's shape (customer spec §4, §9).
 */
export async function uploadAvatar(
  deps: AppDeps,
  userId: string,
  input: { id: string; image: string; filename: string; aspectRatio?: AspectRatio | undefined },
): Promise<{ url: string; aspectRatio: AspectRatio; project: Project }> {
  const current = await findOwnedProject(deps.db, userId, input.id);
  if ((current.assets.avatar?.uploaded?.length ?? 0) >= MAX_UPLOADED_AVATARS) {
    throw new AppError('BAD_REQUEST', `You can keep at most ${MAX_UPLOADED_AVATARS} uploaded avatars. Remove one first.`);
  }
  const stored = await storeUpload(deps, input.id, input.image, 'avatar', 'uploads');
  const aspect = detectAspect(stored.width, stored.height);
  const url = mediaUrl(stored.key);
  const project = await deps.db.transaction().execute((trx) =>
    changeProject(trx, userId, input.id, (p) => {
      const uploaded = [...(p.assets.avatar?.uploaded ?? []).filter((u) => u !== url), url];
      return {
        aspect,
        params: { ...p.params, aspect },
        assets: { ...p.assets, avatar: { ...(p.assets.avatar ?? {}), uploaded, selected: url } },
      };
    }),
  );
  return { url, aspectRatio: aspect, project };
}

/** Stores the product picture, then makes four variations of the chosen avatar with it (a job). */
export async function generateAvatarProduct(
  deps: AppDeps,
  userId: string,
  input: { id: string; productImage: string; interactionPrompt: string; aspectRatio?: AspectRatio | undefined },
): Promise<{ job: GenerationJobView; project: Project }> {
  const project = await findOwnedProject(deps.db, userId, input.id);
  if (!resolveSelection(project.assets.avatar?.selected, avatarPool(project.assets))) {
    throw new AppError('BAD_REQUEST', generationMessages.noAvatarForProduct);
  }
  const stored = await storeUpload(deps, input.id, input.productImage, 'product', 'product');
  return runGeneration(deps, userId, input.id, 'avatar_product', {
    productKey: stored.key,
    interactionPrompt: input.interactionPrompt,
    aspect: input.aspectRatio ?? project.aspect,
  });
}
