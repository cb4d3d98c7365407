import { describe, expect, it } from 'vitest';
import { previewCacheKey, previewText } from './preview.ts';

describe('previewText', () => {
  it('keeps short text whole, with whitespace tidied', () => {
    expect(previewText('  Hello   there,\nfriend. ')).toBe('Hello there, friend.');
    expect(previewText('')).toBe('');
  });

  it('cuts long text at the last word boundary within 100 characters', () => {
    const text = 'Meet the serum that changed my morning routine: light, fast to absorb, and it keeps my skin calm all day long, honestly.';
    const preview = previewText(text);
    expect(preview.length).toBeLessThanOrEqual(100);
    expect(text.startsWith(preview)).toBe(true);
    expect(text[preview.length]).toMatch(/[\s,]/);
    expect(preview).toBe('Meet the serum that changed my morning routine: light, fast to absorb, and it keeps my skin calm all');
  });

  it('keeps a word that ends exactly at the limit', () => {
    const text = `${'a'.repeat(95)} bcde fgh`;
    expect(previewText(text)).toBe(`${'a'.repeat(95)} bcde`);
  });

  it('drops dangling punctuation at the cut and hard-cuts a single overlong word', () => {
    expect(previewText(`${'word '.repeat(18)}abcdefgh, ijk`)).toBe(`${'word '.repeat(18)}abcdefgh`);
    expect(previewText('x'.repeat(150))).toBe('x'.repeat(100));
  });

  it('counts emoji as one character and never splits them', () => {
    const text = `${'😀'.repeat(99)} 🎉🎉`;
    expect(previewText(text)).toBe('😀'.repeat(99));
  });
});

describe('previewCacheKey', () => {
  it('is a sha256 hex digest, equal for the same preview', () => {
    const key = previewCacheKey('rs-ava', 'Hello there', 1, 'en');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(previewCacheKey('rs-ava', '  Hello   there ', 1.0000001, 'EN')).toBe(key);
    expect(previewCacheKey('rs-ava', 'Hello there', 1)).toBe(key);
    expect(previewCacheKey('rs-ava', `${'word '.repeat(30)}one`, 1)).toBe(previewCacheKey('rs-ava', `${'word '.repeat(30)}two`, 1));
  });

  it('changes with the voice, text, speed or language', () => {
    const key = previewCacheKey('rs-ava', 'Hello there', 1, 'en');
    expect(previewCacheKey('rs-leo', 'Hello there', 1, 'en')).not.toBe(key);
    expect(previewCacheKey('rs-ava', 'Hello here', 1, 'en')).not.toBe(key);
    expect(previewCacheKey('rs-ava', 'Hello there', 0.9, 'en')).not.toBe(key);
    expect(previewCacheKey('rs-ava', 'Hello there', 1, 'es')).not.toBe(key);
  });
});
