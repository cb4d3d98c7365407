// Mouth shapes (visemes) from the synthesiser's phonemes, for the local talking renderer. Nine shapes
// cover what a viewer tells apart: lips together (m b p), lip on teeth (f v), teeth showing (most
// consonants), spread (ee), half open (schwa, er), open (ah), round (oh), pucker (oo, w) and rest.
// Symbols come from espeak-ng (its mnemonics, shared across its languages) or flite (CMU ARPAbet).
import type { SpokenPhoneme } from '../engines.ts';

export const VISEMES = ['rest', 'closed', 'lipbite', 'teeth', 'wide', 'mid', 'open', 'round', 'pucker'] as const;
export type Viseme = (typeof VISEMES)[number];

/** How far each shape opens the mouth, 0 (shut) to 1 (wide open). */
export const VISEME_OPENNESS: Readonly<Record<Viseme, number>> = {
  rest: 0,
  closed: 0,
  lipbite: 0.15,
  teeth: 0.25,
  pucker: 0.35,
  wide: 0.45,
  mid: 0.55,
  round: 0.7,
  open: 1,
};

/** flite's ARPAbet symbols (lower case). */
const ARPABET: Readonly<Record<string, Viseme>> = {
  pau: 'rest',
  m: 'closed', b: 'closed', p: 'closed',
  f: 'lipbite', v: 'lipbite',
  aa: 'open', ae: 'open', ah: 'open', ay: 'open', aw: 'open',
  ao: 'round', ow: 'round', oy: 'round',
  uw: 'pucker', uh: 'pucker', w: 'pucker',
  iy: 'wide', ih: 'wide', ey: 'wide', eh: 'wide', y: 'wide',
  er: 'mid', ax: 'mid',
};

/** The shape for one phoneme of either synthesiser. */
export function visemeOf(phoneme: string): Viseme {
  const arpabet = ARPABET[phoneme];
  if (arpabet) return arpabet;
  // espeak-ng mnemonics (and flite's other consonants): the first letter says enough.
  const first = phoneme.charAt(0);
  if (first === '' || first === '_') return 'rest';
  if ('pbm'.includes(first)) return 'closed';
  if ('fv'.includes(first)) return 'lipbite';
  if ('aAV&'.includes(first)) return 'open';
  if ('oO0Q'.includes(first)) return 'round';
  if ('uUw'.includes(first)) return 'pucker';
  if ('iIeEj'.includes(first)) return 'wide';
  if ('@3'.includes(first)) return 'mid';
  return 'teeth';
}

/** A shape held this briefly is merged into its neighbour: mouths do not flicker at 25 fps. */
const MIN_HOLD_FRAMES = 2;

/**
 * The shape on each video frame: the phoneme playing at the frame's middle, runs shorter than two
 * frames taken over by the run before, silence and time after the last phoneme at rest.
 */
export function visemeTrack(phonemes: readonly SpokenPhoneme[], fps: number, durationSeconds: number): Viseme[] {
  const frames = Math.max(0, Math.round(durationSeconds * fps));
  const track: Viseme[] = new Array<Viseme>(frames).fill('rest');
  let at = 0;
  for (let f = 0; f < frames; f++) {
    const t = (f + 0.5) / fps;
    while (at < phonemes.length && phonemes[at]!.endSeconds <= t) at++;
    const current = phonemes[at];
    if (current && current.startSeconds <= t) track[f] = visemeOf(current.phoneme);
  }
  // Short runs take the shape before them.
  let start = 0;
  while (start < frames) {
    let end = start;
    while (end < frames && track[end] === track[start]) end++;
    if (end - start < MIN_HOLD_FRAMES && start > 0) for (let f = start; f < end; f++) track[f] = track[start - 1]!;
    start = end;
  }
  return track;
}
