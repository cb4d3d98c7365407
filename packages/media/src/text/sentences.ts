/** Splits text into sentences at . ! ? (keeping the mark), tolerating quotes and common abbreviations. */
export function splitSentences(text: string): string[] {
  const normalised = text.replace(/\s+/g, ' ').trim();
  if (!normalised) return [];
  const protectedText = normalised.replace(/\b(Mr|Mrs|Ms|Dr|Prof|Inc|Ltd|St|vs|etc|e\.g|i\.e)\./gi, (m) => m.replace(/\./g, '\uE000'));
  return protectedText
    .split(/(?<=[.!?]["”')\]]?)\s+(?=["“'([]?[A-Z0-9])/)
    .map((s) => s.replace(/\uE000/g, '.').trim())
    .filter(Boolean);
}

/** Breaks a long sentence at a comma, semicolon or dash nearest its middle; null when it has none. */
export function splitClause(sentence: string): [string, string] | null {
  const middle = sentence.length / 2;
  let best = -1;
  for (const m of sentence.matchAll(/[,;:—–]\s|\s-\s/g)) {
    const at = (m.index ?? 0) + 1;
    if (best < 0 || Math.abs(at - middle) < Math.abs(best - middle)) best = at;
  }
  if (best <= 0) return null;
  const left = sentence.slice(0, best).trim();
  const right = sentence.slice(best).trim().replace(/^[-–—]\s*/, '');
  return left && right ? [left, right] : null;
}

/** Breaks text into two halves of about equal word counts. */
export function splitWords(text: string): [string, string] | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
}
