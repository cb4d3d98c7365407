import { describe, expect, it } from 'vitest';
import { productFileProblem, productRequestProblem } from './product-rules.ts';
import { selectedAvatarUrl, selectedPictureUrl, selectedProductIndex } from './selection.ts';

describe('product image checks', () => {
  it('accepts images under 10MB only', () => {
    expect(productFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(productFileProblem({ type: 'application/pdf', size: 1000 })?.description).toBe('Please upload an image file (PNG, JPG, etc.)');
    expect(productFileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })?.description).toBe('Please upload an image smaller than 10MB');
  });

  it('needs an avatar, a product image and a description before generating', () => {
    expect(productRequestProblem({ hasAvatar: false, productImage: 'data:x', interactionPrompt: 'hold it' })).toBe('No avatar selected from step 3');
    expect(productRequestProblem({ hasAvatar: true, productImage: '', interactionPrompt: 'hold it' })).toBe('Please upload a product image first');
    expect(productRequestProblem({ hasAvatar: true, productImage: 'data:x', interactionPrompt: '  ' })).toBe('Please describe the interaction between avatar and product');
    expect(productRequestProblem({ hasAvatar: true, productImage: 'data:x', interactionPrompt: 'hold it' })).toBeNull();
  });
});

describe('selected picture', () => {
  const avatar = { selected: 1, variations: ['/media/a0.png'], uploaded: ['/media/u0.png'] };
  it('resolves the avatar index over variations and uploads', () => {
    expect(selectedAvatarUrl({ avatar })).toBe('/media/u0.png');
    expect(selectedAvatarUrl({ avatar: { ...avatar, selected: '/media/x.png' } })).toBe('/media/x.png');
  });

  it('prefers the product choice unless skipped', () => {
    const product = { selected: 0, variations: ['/media/p0.png'] };
    expect(selectedPictureUrl({ avatar, avatar_product: product })).toBe('/media/p0.png');
    expect(selectedProductIndex({ avatar, avatar_product: product })).toBe(0);
    expect(selectedPictureUrl({ avatar, avatar_product: { ...product, skipped: true, selected: 1 } })).toBe('/media/u0.png');
    expect(selectedPictureUrl({ avatar, avatar_product: { variations: [] } })).toBe('/media/u0.png');
  });
});
