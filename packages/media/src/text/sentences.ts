import { bare, BINDERS, CONJUNCTIONS, PREPOSITIONS } from './phrase-words.ts';

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /\b(Mr|Mrs|Ms|Dr|Prof|Inc|Ltd|St|vs|etc|e\.g|i\.e|Sr|Sra|Mme|Mlle|Hr|Fr|Nr|z\.B|Sig|Sig\.ra)\./gi;

/** Hides the full stops of abbreviations and list numbers ('1.', '2)') so they do not end sentences. */
export function protectStops(text: string): string {
  return text.replace(ABBREVIATIONS, (m) => m.replace(/\./g, '\uE000')).replace(/(^|\s)(\d{1,2})([.)])(?=\s)/g, (_m, space: string, n: string, mark: string) => `${space}${n}${mark === '.' ? '\uE000' : mark}`);
}

/**
 * Splits text into sentences at . ! ? or an emoji (keeping the mark) before a capital or a digit,
 * tolerating quotes, Spanish opening marks, abbreviations and list numbers ('1. It crushes ice.'
 * stays one sentence).
 */
export function splitSentences(text: string): string[] {
  const normalised = text.replace(/\s+/g, ' ').trim();
  if (!normalised) return [];
  return protectStops(normalised)
    .split(/(?<=[.!?…]["”')\]]?|\p{Extended_Pictographic}\uFE0F?)\s+(?=["“'([¿¡]?[\p{Lu}\p{N}])/u)
    .map((s) => s.replace(/\uE000/g, '.').trim())
    .filter(Boolean);
}

/** The fewest words a piece split off a sentence may have: shorter ones are not a phrase. */
export const MIN_PIECE_WORDS = 3;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Breaks a long sentence at a comma, semicolon or dash nearest its middle, leaving at least
 * MIN_PIECE_WORDS on each side; null when it has no such place.
 */
export function splitClause(sentence: string): [string, string] | null {
  const middle = sentence.length / 2;
  let best = -1;
  for (const m of sentence.matchAll(/[,;:—–]\s|\s-\s/g)) {
    const at = (m.index ?? 0) + 1;
    if (wordCount(sentence.slice(0, at)) < MIN_PIECE_WORDS || wordCount(sentence.slice(at)) < MIN_PIECE_WORDS) continue;
    if (best < 0 || Math.abs(at - middle) < Math.abs(best - middle)) best = at;
  }
  if (best <= 0) return null;
  const left = sentence.slice(0, best).trim();
  // Every character stays: a dash that starts the second half is a bullet or an aside of the script.
  const right = sentence.slice(best).trim();
  return left && right ? [left, right] : null;
}

/**
 * Breaks text without punctuation into two phrases near its middle: before a conjunction or a
 * preposition where there is one, and never after an article, a preposition or another word that
 * binds to what follows ('the', 'for', 'my'…), with at least MIN_PIECE_WORDS on each side. Null
 * when no place qualifies.
 */
export function splitPhrase(text: string): [string, string] | null {
  const words = text.split(/\s+/).filter(Boolean);
  let best = -1;
  let bestScore = -Infinity;
  for (let at = MIN_PIECE_WORDS; at <= words.length - MIN_PIECE_WORDS; at += 1) {
    const before = words[at - 1]!;
    const next = bare(words[at]!);
    let score = -Math.abs(at - words.length / 2);
    if (/[,;:—–)]$/.test(before)) score += 6;
    if (CONJUNCTIONS.has(next)) score += 4;
    else if (PREPOSITIONS.has(next)) score += 2;
    if (BINDERS.has(bare(before))) continue;
    if (score > bestScore) {
      bestScore = score;
      best = at;
    }
  }
  return best < 0 ? null : [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}
