// The mouth of a voice without phonemes: open while loud, closing between syllables.

/**
 * A mouth held open through a long loud stretch looks frozen; real speech closes between syllables
 * (about 5 a second), so long open runs alternate `open` frames open and `closed` frames shut.
 */
export function syllableChatter(open: readonly boolean[], pattern = { open: 3, closed: 2 }): boolean[] {
  const cycle = pattern.open + pattern.closed;
  let runStart = 0;
  return open.map((isOpen, i) => {
    if (!isOpen) {
      runStart = i + 1;
      return false;
    }
    return (i - runStart) % cycle < pattern.open;
  });
}
