import { describe, expect, it } from 'vitest';
import { facePosition, projectPreviewFaceY, projectPreviewImage, USUAL_FACE_Y } from './project-preview.ts';

describe('project preview', () => {
  const assets = {
    avatar: { selected: 1, variations: ['/media/a0.png', '/media/a1.png'], faces: { '/media/a1.png': 0.617 } },
    avatar_product: { selected: null, variations: ['/media/p0.png'], faces: { '/media/p0.png': 0.6 } },
  };

  it('shows the avatar holding the product, else the chosen avatar', () => {
    expect(projectPreviewImage(assets)).toBe('/media/a1.png');
    expect(projectPreviewImage({ ...assets, avatar_product: { ...assets.avatar_product, selected: 0 } })).toBe('/media/p0.png');
  });

  it("centres on the face the engine recorded, else where a portrait's face usually is", () => {
    expect(projectPreviewFaceY(assets, '/media/a1.png')).toBe(0.617);
    expect(projectPreviewFaceY(assets, '/media/p0.png')).toBe(0.6);
    // An uploaded photo, or a step 4 skipped with the avatar: the avatar's own record, else the usual height.
    expect(projectPreviewFaceY(assets, '/media/upload.jpg')).toBe(USUAL_FACE_Y);
    expect(facePosition(0.617)).toBe('50% 62%');
    expect(facePosition(3)).toBe('50% 100%');
  });
});
