import { IMAGE_UPLOAD_MAX_BYTES, generateAvatarProductInputSchema, generationMessages, productFileTooLargeError, productInvalidFileTypeError, type TitledError } from '@reelsmith/shared';

/** Spec §5: the product must be an image and under 10MB; checked before anything is uploaded. */
export function productFileProblem(file: Pick<File, 'type' | 'size'>): TitledError | null {
  if (!file.type.startsWith('image/')) return productInvalidFileTypeError;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return productFileTooLargeError;
  return null;
}

/** The file as a data URL (what generate-avatar-product takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A saved product image (a /media/ URL, read with cookies) as a data URL, to generate again after a reload. */
export async function savedImageAsDataUrl(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`The saved product image could not be loaded (${response.status}).`);
  return readAsDataUrl(await response.blob());
}

/**
 * Spec §5: generating needs an avatar from step 3, a product image and a description; the messages
 * are the shared request schema's own ('Please upload a product image first', …). Null when ready.
 */
export function productRequestProblem(input: { hasAvatar: boolean; productImage: string; interactionPrompt: string }): string | null {
  if (!input.hasAvatar) return generationMessages.noAvatarForProduct;
  const checked = generateAvatarProductInputSchema.safeParse({ id: 'check', productImage: input.productImage, interactionPrompt: input.interactionPrompt });
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
