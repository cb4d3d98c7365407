// Mouth shapes (visemes) from the synthesiser's phonemes, for the local talking renderer. Nine shapes
// cover what a viewer tells apart: lips together (m b p), lip on teeth (f v), teeth showing (most
// consonants), spread (ee), half open (schwa, er), open (ah), round (oh), pucker (oo, w) and rest.
// Symbols come from espeak-ng (its mnemonics, shared across its languages) or flite (CMU ARPAbet).
import type { SpokenPhoneme } from '../engines.ts';

export const VISEMES = ['rest', 'closed', 'lipbite', 'teeth', 'wide', 'mid', 'open', 'round', 'pucker'] as const;
export type Viseme = (typeof VISEMES)[number];

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

/** A frame's mouth: the shape, and how far it opens (1 full; less where the voice is softer). */
export interface MouthFrame {
  viseme: Viseme;
  opening: number;
}

/** Below this share of the clip's loud level the mouth is shut (and the voice is in a pause). */
export const QUIET = 0.2;
/** Loudness levels (share of the clip's loud level) and how far the shape opens below each. */
const LEVELS: readonly (readonly [number, number])[] = [
  [0.45, 0.5],
  [0.75, 0.8],
];

/**
 * Shapes follow the phonemes (visemeTrack), sizes follow the voice: where it falls quiet the mouth
 * closes (the silent part of a 'p', a breath between words), where it is softer the shape opens less.
 * Loudness is relative to the clip's loud parts (its 90th percentile). The sizes change frame by
 * frame as the voice does; the shapes already hold at least two frames.
 */
export function mouthFrames(track: readonly Viseme[], loudness: readonly number[]): MouthFrame[] {
  const levels = relativeLoudness(loudness);
  return track.map((viseme, f) => {
    const level = levels[f] ?? 0;
    if (viseme === 'rest') return { viseme, opening: 1 };
    if (level < QUIET) return { viseme: 'closed', opening: 1 };
    return { viseme, opening: LEVELS.find(([below]) => level < below)?.[1] ?? 1 };
  });
}

/** Each frame's loudness as a share of the clip's loud level (its 90th percentile); all 0 for silence. */
export function relativeLoudness(loudness: readonly number[]): number[] {
  const sorted = [...loudness].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  return loudness.map((value) => (loud > 0 ? value / loud : 0));
}
