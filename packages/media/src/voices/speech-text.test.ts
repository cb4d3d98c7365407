import { describe, expect, it } from 'vitest';
import { cleanSpeechText, foldToAscii, hasSpeakableText } from './speech-text.ts';

describe('cleanSpeechText', () => {
  it('removes emoji, including skin tones, flags, keycaps and joined sequences', () => {
    expect(cleanSpeechText('Hi 👋🏽 there 🇬🇧 👩‍💻 ❤️ done')).toBe('Hi there done');
    expect(cleanSpeechText('Step 1️⃣ first')).toBe('Step 1 first');
  });

  it('removes markdown and markup but keeps the words', () => {
    expect(cleanSpeechText('**Bold** and _italic_ and `code` ~~gone~~')).toBe('Bold and italic and code gone');
    expect(cleanSpeechText('See [our shop](https://example.com) now')).toBe('See our shop now');
    expect(cleanSpeechText('# Title\n- one\n- two\n1. three')).toBe('Title one two three');
    expect(cleanSpeechText('<b>Big</b> news')).toBe('Big news');
    expect(cleanSpeechText('We are #1 at #skincare')).toBe('We are number 1 at skincare');
  });

  it('keeps ordinary punctuation, numbers and accented letters', () => {
    expect(cleanSpeechText('It costs $20, right? Yes — 50% off! Café.')).toBe('It costs $20, right? Yes — 50% off! Café.');
  });

  it('knows when nothing is left to say', () => {
    expect(hasSpeakableText(cleanSpeechText('  🎉 *** ... '))).toBe(false);
    expect(hasSpeakableText('ok')).toBe(true);
  });
});

describe('foldToAscii', () => {
  it('folds accents and typographic punctuation for English-only engines', () => {
    expect(foldToAscii('Café “naïve” it’s…')).toBe('Cafe "naive" it\'s...');
  });
});
