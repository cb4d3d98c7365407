import { ASPECT_RATIOS, type AspectRatio, type ProjectAssets } from '@reelsmith/shared';

export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const acceptedImageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const acceptAttribute = acceptedImageTypes.join(',');

/**
 * Spec §5: JPEG, PNG, GIF or WebP. A known MIME type decides; without one (some systems send none)
 * the extension does. The server checks the content afterwards.
 */
export function isAcceptedImageFile(file: { type: string; name: string }): boolean {
  const type = file.type.trim().toLowerCase();
  if (type) return (acceptedImageTypes as readonly string[]).includes(type);
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (acceptedImageExtensions as readonly string[]).includes(extension);
}

export type AvatarSelection = string | number;

export interface GalleryItem {
  url: string;
  /** What PATCH selectedAvatar receives: the variation's index, or the upload's URL. */
  selection: AvatarSelection;
  source: 'ai' | 'upload';
  label: string;
}

type AvatarAssets = NonNullable<ProjectAssets['avatar']>;

/** The combined gallery: AI variations first, then uploads. */
export function galleryItems(avatar: AvatarAssets | undefined): GalleryItem[] {
  const variations = (avatar?.variations ?? []).map<GalleryItem>((url, index) => ({ url, selection: index, source: 'ai', label: `AI avatar ${index + 1}` }));
  const uploads = (avatar?.uploaded ?? []).map<GalleryItem>((url, index) => ({ url, selection: url, source: 'upload', label: `Uploaded avatar ${index + 1}` }));
  return [...variations, ...uploads];
}

/** The chosen avatar's URL: `selected` is a URL or an index into the variations. */
export function selectedAvatarUrl(avatar: AvatarAssets | undefined): string | null {
  const selected = avatar?.selected;
  if (typeof selected === 'number') return avatar?.variations?.[selected] ?? null;
  return selected ?? null;
}

export function isSelected(item: GalleryItem, avatar: AvatarAssets | undefined): boolean {
  const url = selectedAvatarUrl(avatar);
  return url !== null && url === item.url;
}

/** The PATCH that removes an upload (and clears the selection when it was the chosen one). */
export function removalPatch(avatar: AvatarAssets | undefined, url: string) {
  const uploaded = (avatar?.uploaded ?? []).filter((u) => u !== url);
  const clears = selectedAvatarUrl(avatar) === url;
  return { assets: { avatar: { uploaded } }, ...(clears ? { selectedAvatar: null } : {}) };
}

/** The hint under Continue: 'Generate avatars first' with nothing to choose, else 'Select an avatar to continue'. */
export function continueHint(avatar: AvatarAssets | undefined): string | null {
  if (selectedAvatarUrl(avatar)) return null;
  return galleryItems(avatar).length === 0 ? 'Generate avatars first' : 'Select an avatar to continue';
}

export const aspectLabels: Record<AspectRatio, string> = {
  '9:16': 'Portrait',
  '16:9': 'Landscape',
  '1:1': 'Square',
  '4:3': 'Classic',
  '3:4': 'Tall',
};

export const aspectOptions = ASPECT_RATIOS.map((value) => ({ value, label: aspectLabels[value] }));

export const avatarModelOptions = [
  { value: 'google-imagen-4-ultra', name: 'Google Imagen 4 Ultra', description: 'Photorealistic people with natural light.', recommended: true },
  { value: 'flux-kontext', name: 'FLUX Kontext', description: 'Stylised looks and consistent characters.', recommended: false },
] as const;
export type AvatarModel = (typeof avatarModelOptions)[number]['value'];

/** A CSS aspect-ratio value for '9:16'. */
export function cssAspect(aspect: string): string {
  return aspect.replace(':', ' / ');
}

/** Reads a file as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
