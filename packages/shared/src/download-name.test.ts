import { describe, expect, it } from 'vitest';
import { asciiFallbackName, attachmentDisposition, DEFAULT_DOWNLOAD_NAME, safeDownloadBase } from './download-name.ts';

describe('safeDownloadBase', () => {
  it.each([
    ['Spring launch', 'Spring launch'],
    ['../../etc/passwd', 'etc passwd'],
    ['a\\b/c', 'a b c'],
    ['say "hi" it\'s', 'say hi it s'],
    ['line\nbreak\ttab\u0007bell', 'line break tab bell'],
    ['evil\u202Egnp.exe', 'evil gnp.exe'],
    ['<script>alert(1)</script>', 'script alert(1) script'],
    ['   ', DEFAULT_DOWNLOAD_NAME],
    ['', DEFAULT_DOWNLOAD_NAME],
    ['"/\\', DEFAULT_DOWNLOAD_NAME],
    ['...hidden', 'hidden'],
    ['مرحبا بالعالم', 'مرحبا بالعالم'],
    ['Launch 🎬🚀', 'Launch 🎬🚀'],
  ])('%j → %j', (title, expected) => {
    expect(safeDownloadBase(title)).toBe(expected);
  });

  it('keeps at most 120 characters without splitting an emoji', () => {
    const base = safeDownloadBase('🎬'.repeat(10_000));
    expect(Array.from(base)).toHaveLength(120);
    expect(base).toBe('🎬'.repeat(120));
  });
});

describe('attachmentDisposition', () => {
  it('gives a plain ASCII name and the UTF-8 name', () => {
    expect(attachmentDisposition('Spring launch', 'mp4')).toBe(`attachment; filename="Spring launch.mp4"; filename*=UTF-8''Spring%20launch.mp4`);
  });

  it('keeps RTL and emoji in filename* and falls back to the default ASCII name', () => {
    const header = attachmentDisposition('مرحبا', 'mp4');
    expect(header).toContain('filename="reelsmith-video.mp4"');
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('مرحبا.mp4');
    const emoji = attachmentDisposition('Launch 🎬', 'mp4');
    expect(emoji).toContain('filename="Launch _.mp4"');
    expect(decodeURIComponent(emoji.split("UTF-8''")[1]!)).toBe('Launch 🎬.mp4');
  });

  it('never lets a hostile title end the parameter or add a header', () => {
    for (const title of ['a"; filename="x.exe', 'a\r\nSet-Cookie: x=1', "it's (odd) *", 'x'.repeat(10_000)]) {
      const header = attachmentDisposition(title, 'mp4');
      expect(header).not.toMatch(/[\r\n]/);
      const [, ascii] = /filename="([^"]*)"/.exec(header)!;
      expect(ascii).not.toMatch(/["\\/]/);
      expect(header.split("UTF-8''")[1]).toMatch(/^[A-Za-z0-9%!#$&+.^_`|~-]+$/);
    }
  });

  it('the fallback of an all-symbol name is the default name', () => {
    expect(asciiFallbackName('中文.mp4')).toBe('reelsmith-video.mp4');
  });
});
