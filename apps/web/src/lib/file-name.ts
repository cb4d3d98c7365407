// Characters that no common file system accepts, and control characters.
// eslint-disable-next-line no-control-regex
const unsafeFileChars = /[<>:"/\\|?*\u0000-\u001f]+/g;

/** A title made safe as a file name's stem ('a/b: c' → 'a-b- c'); `fallback` when nothing is left. */
export function fileStem(title: string, fallback: string): string {
  const safe = title.replace(unsafeFileChars, '-').replace(/\s+/g, ' ').trim().replace(/^[.\s-]+|[.\s-]+$/g, '');
  return safe || fallback;
}
