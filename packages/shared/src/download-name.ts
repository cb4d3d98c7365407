// The file name a download is saved under (RFC 6266 Content-Disposition), from a title people typed.

export const DEFAULT_DOWNLOAD_NAME = 'reelsmith-video';
const MAX_NAME_CHARS = 120;

// Control characters (C0, DEL, C1), bidirectional controls and zero-width marks, which could disguise the extension.
// eslint-disable-next-line no-control-regex
const invisible = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// What file systems or the header itself refuse: slashes, quotes, and the Windows reserved characters.
const refused = /[\\/:*?"<>|']/g;

/**
 * A title as a file name: invisible and control characters, slashes, quotes and reserved characters
 * become spaces, runs of spaces one, leading dots go (no hidden or relative names), at most 120
 * characters (whole code points, so an emoji is never cut in half); an empty result is 'reelsmith-video'.
 * RTL letters and emoji are kept.
 */
export function safeDownloadBase(title: string): string {
  const cleaned = title.normalize('NFC').replace(invisible, ' ').replace(refused, ' ').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  const clipped = Array.from(cleaned).slice(0, MAX_NAME_CHARS).join('').trim();
  return clipped || DEFAULT_DOWNLOAD_NAME;
}

/** The ASCII fallback of a name for the plain filename="…" parameter: other characters become '_'. */
export function asciiFallbackName(name: string): string {
  const ascii = Array.from(name, (char) => (/^[\x20-\x7e]$/.test(char) ? char : '_')).join('');
  return /[A-Za-z0-9]/.test(ascii.replace(/\.[^.]*$/, '')) ? ascii : `${DEFAULT_DOWNLOAD_NAME}${ascii.slice(ascii.lastIndexOf('.'))}`;
}

/** RFC 8187 ext-value percent-encoding (attr-char kept, everything else %XX of its UTF-8 bytes). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ascii name>"; filename*=UTF-8''<encoded name>` for a title and an extension
 * ('mp4'): browsers use filename* (RTL and emoji intact), older clients the ASCII fallback.
 */
export function attachmentDisposition(title: string, extension: string): string {
  const ext = extension.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'bin';
  const name = `${safeDownloadBase(title)}.${ext}`;
  return `attachment; filename="${asciiFallbackName(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
