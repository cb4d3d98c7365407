import { bare, BINDERS, CONJUNCTIONS, PREPOSITIONS } from './phrase-words.ts';
import { protectStops } from './sentences.ts';

/** Openers that carry no meaning of their own at the start of a title. */
const FILLERS = new Set(['so', 'and', 'but', 'well', 'okay', 'ok', 'oh', 'hey', 'now', 'also', 'plus', 'then', 'y', 'pero', 'et', 'mais', 'und', 'aber', 'e', 'ma', 'mas']);
const MAX_WORDS = 5;

/** Clause ends for titles: punctuation, emoji and hashtags. */
const CLAUSE_END = /[.!?;:,—–()"“”¿¡]|\p{Extended_Pictographic}|\s#\S+/u;

/**
 * A short title that reads as a phrase: the opening of the scene's first clause of two words or more,
 * without list numbers or fillers, at most five words, ending before a conjunction (or a preposition
 * after three words) and never on a word that binds to what follows ('the', 'for', 'my'…), in
 * sentence case. 'Tired of dull skin every morning?' → 'Tired of dull skin'.
 */
export function sceneTitle(text: string, index: number): string {
  const clauses = protectStops(text)
    .replace(/^\s*(?:\d{1,2}[\uE000)]|[-•*])\s+/, '')
    .split(CLAUSE_END)
    .map((part) => part.replace(/\uE000/g, '.').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)))
    .filter((words) => words.length > 0);
  const words = [...(clauses.find((c) => c.length >= 2) ?? clauses[0] ?? [])];
  while (words.length > 1 && FILLERS.has(bare(words[0]!))) words.shift();
  let picked = words.slice(0, MAX_WORDS).map((w) => w.replace(/^[^\p{L}\p{N}$€£]+|[^\p{L}\p{N}'%]+$/gu, ''));
  const cut = picked.findIndex((w, i) => (i >= 2 && CONJUNCTIONS.has(bare(w))) || (i >= 3 && PREPOSITIONS.has(bare(w))));
  if (cut > 0) picked = picked.slice(0, cut);
  while (picked.length > 1 && BINDERS.has(bare(picked.at(-1)!))) picked.pop();
  const title = picked.join(' ').trim();
  if (!title) return `Scene ${index + 1}`;
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}
