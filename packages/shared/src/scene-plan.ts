import { SCRIPT_MAX_CHARS, WORDS_PER_SECOND } from './constants.ts';

/** Scenes for a reel length (customer spec §9): ≤30 s → 3, ≤40 → 4, ≤45 → 5, above → 6. */
export function sceneCountFor(reelTime: number): number {
  if (reelTime <= 30) return 3;
  if (reelTime <= 40) return 4;
  if (reelTime <= 45) return 5;
  return 6;
}

/** Target seconds per scene: reel time over the scene count, clamped to 6–10 s. */
export function sceneDurationFor(reelTime: number): number {
  return Math.min(10, Math.max(6, Math.round((reelTime / sceneCountFor(reelTime)) * 10) / 10));
}

/** Voice clip length: 5 or 10 s, whichever is nearer the average scene duration. */
export function voiceClipLengthFor(averageSceneSeconds: number): 5 | 10 {
  return Math.abs(averageSceneSeconds - 5) <= Math.abs(averageSceneSeconds - 10) ? 5 : 10;
}

/** Fallback scene duration when none is known: 5 s for requests of 7 s or less, else 10 s. */
export function fallbackSceneDuration(requested: number): 5 | 10 {
  return requested <= 7 ? 5 : 10;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Seconds of speech for a number of words at a voice's rate (about 2.7 words per second when no voice has spoken yet). */
export function speechSeconds(words: number, wordsPerSecond: number = WORDS_PER_SECOND): number {
  return words / wordsPerSecond;
}

/** A scene's planned length: its speech at the voice's rate, kept within 6–10 s (customer spec §9), to a tenth of a second. */
export function sceneSeconds(words: number, wordsPerSecond: number = WORDS_PER_SECOND): number {
  return Math.min(10, Math.max(6, Math.round(speechSeconds(words, wordsPerSecond) * 10) / 10));
}

/** Rates a measured voice may give the plan: outside them a measurement is taken for a fault, not a voice. */
export const VOICE_RATE_BOUNDS = { min: 1.2, max: 5 } as const;

/** What is wrong with a refused script and how to fix it: the server's message after its prefix, and what the browser shows from the error's facts. */
export const sceneProblems = {
  tooLongForReel: (seconds: number, reelTime: number) =>
    `this script needs about ${Math.round(seconds)} seconds of speech, more than a ${reelTime}-second reel holds. Shorten the script or choose a longer duration.`,
  tooShortForScenes: (count: number) => `the script is too short to make ${count} scenes. Add a few sentences.`,
} as const;

export const sceneMessages = {
  emptyScript: 'Write or paste a script first.',
  scriptTooLong: `Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.`,
  tooLongForReel: (seconds: number, reelTime: number) => `Scene validation failed: ${sceneProblems.tooLongForReel(seconds, reelTime)}`,
  tooShortForScenes: (count: number) => `Scene validation failed: ${sceneProblems.tooShortForScenes(count)}`,
} as const;
