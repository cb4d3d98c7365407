import { describe, expect, it } from 'vitest';
import { continueHint, cssAspect, galleryItems, isAcceptedImageFile, isSelected, removalPatch, selectedAvatarUrl } from './avatar-rules.ts';

describe('avatar file types', () => {
  it('accepts JPEG, PNG, GIF and WebP by MIME type', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) expect(isAcceptedImageFile({ type, name: 'x' })).toBe(true);
  });
  it('refuses other MIME types whatever the name says', () => {
    expect(isAcceptedImageFile({ type: 'text/plain', name: 'photo.png' })).toBe(false);
    expect(isAcceptedImageFile({ type: 'image/svg+xml', name: 'logo.svg' })).toBe(false);
    expect(isAcceptedImageFile({ type: 'image/heic', name: 'IMG.HEIC' })).toBe(false);
  });
  it('falls back to the extension without a MIME type', () => {
    expect(isAcceptedImageFile({ type: '', name: 'Me.JPG' })).toBe(true);
    expect(isAcceptedImageFile({ type: '', name: 'me.webp' })).toBe(true);
    expect(isAcceptedImageFile({ type: '', name: 'notes.txt' })).toBe(false);
    expect(isAcceptedImageFile({ type: '', name: 'noextension' })).toBe(false);
  });
});

describe('avatar gallery', () => {
  const avatar = { variations: ['/media/v0.png', '/media/v1.png'], uploaded: ['/media/u0.png'], selected: 1 };
  it('lists variations then uploads', () => {
    expect(galleryItems(avatar).map((item) => [item.selection, item.source])).toEqual([
      [0, 'ai'],
      [1, 'ai'],
      ['/media/u0.png', 'upload'],
    ]);
  });
  it('reads the selection as an index or a URL', () => {
    expect(selectedAvatarUrl(avatar)).toBe('/media/v1.png');
    expect(selectedAvatarUrl({ ...avatar, selected: '/media/u0.png' })).toBe('/media/u0.png');
    expect(selectedAvatarUrl({ ...avatar, selected: null })).toBeNull();
    expect(selectedAvatarUrl({ ...avatar, selected: 9 })).toBeNull();
    expect(isSelected(galleryItems(avatar)[1]!, avatar)).toBe(true);
  });
  it('clears the selection when the selected upload is removed', () => {
    const chosen = { ...avatar, selected: '/media/u0.png' };
    expect(removalPatch(chosen, '/media/u0.png')).toEqual({ assets: { avatar: { uploaded: [] } }, selectedAvatar: null });
    expect(removalPatch(avatar, '/media/u0.png')).toEqual({ assets: { avatar: { uploaded: [] } } });
  });
  it('hints what Continue waits for', () => {
    expect(continueHint(undefined)).toBe('Generate avatars first');
    expect(continueHint({ ...avatar, selected: null })).toBe('Select an avatar to continue');
    expect(continueHint(avatar)).toBeNull();
  });
  it('turns an aspect into CSS', () => {
    expect(cssAspect('9:16')).toBe('9 / 16');
  });
});
