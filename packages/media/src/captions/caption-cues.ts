// Captions from spoken words: each scene's words placed at its clip's start in the final video, then
// grouped into cues a viewer can read (a few words at a time, never across a sentence end, a long
// pause or a scene change).
import type { SpokenWord } from '../engines.ts';
import { roundSeconds } from '../seconds.ts';

/** A word in the final video's time, with the scene it belongs to. */
export interface PlacedWord extends SpokenWord {
  scene: number;
}

export interface CaptionCue {
  startSeconds: number;
  endSeconds: number;
  /** The cue's lines, as shown. */
  lines: string[];
  /** Its words in the final video's time (for word-by-word highlighting). */
  words: PlacedWord[];
}

export interface CueLimits {
  /** Most characters on one line. */
  lineChars: number;
  /** Most lines in one cue. */
  lines: number;
  /** Most words in one cue (word-by-word styles show few at once). */
  words: number;
}

/** Subtitle files: the usual broadcast limits (two lines of at most 42 characters). */
export const FILE_CUE_LIMITS: CueLimits = { lineChars: 42, lines: 2, words: 16 };

/** A silence this long ends a cue even inside a sentence. */
const PAUSE_SECONDS = 0.6;
/** A cue stays at least this long on screen, when the next one leaves room. */
const MIN_CUE_SECONDS = 0.8;
/** How long a cue lingers after its last word, when the next one leaves room. */
const LINGER_SECONDS = 0.3;

/** Each scene's words moved to where its clip starts in the final video, kept within the clip. */
export function placeWords(sceneWords: readonly (readonly SpokenWord[])[], clipStartSeconds: readonly number[], clipSeconds: readonly number[]): PlacedWord[] {
  return sceneWords.flatMap((words, scene) => {
    const start = clipStartSeconds[scene] ?? 0;
    const end = start + (clipSeconds[scene] ?? Infinity);
    return words
      .filter((w) => w.text.trim() !== '')
      .map((w) => ({
        text: w.text.trim(),
        scene,
        startSeconds: roundSeconds(Math.min(end, start + w.startSeconds)),
        endSeconds: roundSeconds(Math.min(end, start + Math.max(w.startSeconds, w.endSeconds))),
      }));
  });
}

/**
 * Groups words into cues within the limits; a sentence end, a long pause or a new scene starts a new
 * cue. No cue runs past `totalSeconds` (the video's end).
 */
export function groupCues(words: readonly PlacedWord[], limits: CueLimits, totalSeconds = Infinity): CaptionCue[] {
  const phrases: PlacedWord[][] = [];
  let current: PlacedWord[] = [];
  for (const word of words) {
    const last = current.at(-1);
    if (last !== undefined && (last.scene !== word.scene || /[.!?…]["')\]]*$/.test(last.text) || word.startSeconds - last.endSeconds >= PAUSE_SECONDS)) {
      phrases.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) phrases.push(current);
  const cues = phrases.flatMap((phrase) => splitPhrase(phrase, limits));

  return cues.map((group, i) => {
    const start = group[0]!.startSeconds;
    const spoken = group.at(-1)!.endSeconds;
    const next = cues[i + 1]?.[0]?.startSeconds ?? totalSeconds;
    // Up to the next cue at the latest (scenes that crossfade overlap their speech a little).
    const end = Math.max(start + 0.05, Math.min(next, Math.max(spoken + LINGER_SECONDS, start + MIN_CUE_SECONDS)));
    return { startSeconds: start, endSeconds: roundSeconds(end), lines: wrap(group.map((w) => w.text), limits.lineChars), words: group };
  });
}

/**
 * A phrase in as few cues as fit the limits, its words shared out evenly by length, so a long
 * sentence does not end in a one-word cue.
 */
function splitPhrase(words: PlacedWord[], limits: CueLimits): PlacedWord[][] {
  const fits = (group: PlacedWord[]) => group.length <= limits.words && wrap(group.map((w) => w.text), limits.lineChars).length <= limits.lines;
  const lengths = words.map((w) => w.text.length + 1);
  const total = lengths.reduce((a, b) => a + b, 0);
  for (let parts = 1; parts < words.length; parts++) {
    const groups: PlacedWord[][] = [[]];
    let sum = 0;
    words.forEach((word, i) => {
      const boundary = (total * groups.length) / parts;
      // Start the next part when this word would end nearer past the boundary than before it.
      if (groups.at(-1)!.length > 0 && groups.length < parts && sum + lengths[i]! / 2 > boundary) groups.push([]);
      groups.at(-1)!.push(word);
      sum += lengths[i]!;
    });
    if (groups.every(fits)) return groups;
  }
  return words.map((w) => [w]);
}

/**
 * Words into lines of at most `lineChars` (a longer single word gets a line of its own), balanced so
 * two lines come out about the same length rather than one full and one short.
 */
export function wrap(words: readonly string[], lineChars: number): string[] {
  const greedy: string[] = [];
  for (const word of words) {
    const last = greedy.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineChars) greedy[greedy.length - 1] = `${last} ${word}`;
    else greedy.push(word);
  }
  if (greedy.length !== 2) return greedy;
  // Two lines: the split that makes the longer line shortest.
  let best = greedy;
  let bestLongest = Math.max(...greedy.map((l) => l.length));
  for (let k = 1; k < words.length; k++) {
    const lines = [words.slice(0, k).join(' '), words.slice(k).join(' ')];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest <= lineChars && longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  return best;
}
