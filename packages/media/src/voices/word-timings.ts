// Word timings of spoken text, from what each synthesiser reports: espeak-ng's word and phoneme
// events, flite's phone segments, ElevenLabs' character alignment. Every source ends in the same
// shape: the words of the text as a viewer reads them, each with when it is spoken.
import type { SpeechAlignment, SpokenPhoneme, SpokenWord } from '../engines.ts';
import { roundSeconds } from '../seconds.ts';

/** A whitespace-separated piece of the text and where it sits. */
export interface TextToken {
  text: string;
  start: number;
  end: number;
}

export function textTokens(text: string): TextToken[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The synthesiser started reading the token at `startSeconds` (several marks per token are fine). */
export interface TokenMark {
  token: number;
  startSeconds: number;
}

/**
 * Words with start and end times from marks. A token with no mark of its own (a dash, a stray symbol)
 * joins the word before it (or after it, at the start). A word ends where a pause starts, when one
 * starts before the next word, else where the next word starts; the last ends at the last pause or at
 * the end of the audio.
 */
export function wordsFromMarks(tokens: TextToken[], marks: TokenMark[], pauseStarts: number[], totalSeconds: number): SpokenWord[] {
  const starts = new Map<number, number>();
  for (const mark of marks) {
    if (mark.token < 0 || mark.token >= tokens.length || !Number.isFinite(mark.startSeconds)) continue;
    const seen = starts.get(mark.token);
    starts.set(mark.token, seen === undefined ? mark.startSeconds : Math.min(seen, mark.startSeconds));
  }
  const groups: { text: string; start: number }[] = [];
  let pending = '';
  tokens.forEach((token, i) => {
    const start = starts.get(i);
    if (start === undefined) {
      const last = groups.at(-1);
      if (last) last.text += ` ${token.text}`;
      else pending = pending ? `${pending} ${token.text}` : token.text;
      return;
    }
    const previous = groups.at(-1);
    // Marks can come out of order for odd text; times never go backwards.
    groups.push({ text: pending ? `${pending} ${token.text}` : token.text, start: Math.max(start, previous?.start ?? 0) });
    pending = '';
  });
  const pauses = [...pauseStarts].sort((a, b) => a - b);
  return groups.map((group, i) => {
    const next = groups[i + 1]?.start ?? totalSeconds;
    const pause = pauses.find((p) => p > group.start + 0.02 && p < next);
    const end = Math.max(group.start, Math.min(pause ?? next, totalSeconds));
    return { text: group.text, startSeconds: roundSeconds(group.start), endSeconds: roundSeconds(end) };
  });
}

/** The token each character offset of the text falls in (-1 between tokens). */
export function tokenAt(tokens: TextToken[], offset: number): number {
  return tokens.findIndex((t) => offset >= t.start && offset < t.end);
}

/** ElevenLabs' per-character alignment to words (characters between spaces, timed first to last). */
export function wordsFromAlignment(alignment: SpeechAlignment): SpokenWord[] {
  const words: SpokenWord[] = [];
  let text = '';
  let start = 0;
  let end = 0;
  const flush = (): void => {
    if (text) words.push({ text, startSeconds: roundSeconds(start), endSeconds: roundSeconds(Math.max(start, end)) });
    text = '';
  };
  alignment.characters.forEach((ch, i) => {
    if (/\s/.test(ch)) {
      flush();
      return;
    }
    if (!text) start = alignment.startSeconds[i] ?? end;
    text += ch;
    end = alignment.endSeconds[i] ?? end;
  });
  flush();
  return words;
}

/** Moves words by `offsetSeconds` (audio cut from the start) and keeps them within the audio. */
export function shiftWords(words: SpokenWord[], offsetSeconds: number, totalSeconds: number): SpokenWord[] {
  const clamp = (t: number): number => roundSeconds(Math.min(totalSeconds, Math.max(0, t - offsetSeconds)));
  return words.map((w) => ({ text: w.text, startSeconds: clamp(w.startSeconds), endSeconds: clamp(w.endSeconds) }));
}


/**
 * Word times guessed from the text alone, for audio made before word timings were kept (or by a
 * provider that gives none): the time after a 0.1 s lead-in is shared out by letters.
 */
export function estimatedWords(text: string, totalSeconds: number): SpokenWord[] {
  const tokens = textTokens(text);
  const weights = tokens.map((t) => Math.max(1, t.text.replace(/[^\p{L}\p{N}]/gu, '').length) + 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const lead = Math.min(0.1, totalSeconds / 10);
  const span = Math.max(0, totalSeconds - 2 * lead);
  let at = lead;
  return tokens.map((token, i) => {
    const length = (weights[i]! / sum) * span;
    const word = { text: token.text, startSeconds: roundSeconds(at), endSeconds: roundSeconds(at + length) };
    at += length;
    return word;
  });
}

/** Phonemes moved by the silence cut from the start; those wholly cut away are dropped, the rest kept within the audio. */
export function shiftPhonemes(phonemes: SpokenPhoneme[], offsetSeconds: number, totalSeconds: number): SpokenPhoneme[] {
  const clamp = (t: number): number => roundSeconds(Math.min(totalSeconds, Math.max(0, t - offsetSeconds)));
  return phonemes
    .map((p) => ({ phoneme: p.phoneme, startSeconds: clamp(p.startSeconds), endSeconds: clamp(p.endSeconds) }))
    .filter((p) => p.endSeconds > p.startSeconds);
}

/** Start-only events (espeak-ng's) to spans: each phoneme lasts until the next starts, the last until the end. */
export function phonemeSpans(events: { phoneme: string; startSeconds: number }[], totalSeconds: number): SpokenPhoneme[] {
  return events.map((e, i) => ({ phoneme: e.phoneme, startSeconds: roundSeconds(e.startSeconds), endSeconds: roundSeconds(Math.max(e.startSeconds, events[i + 1]?.startSeconds ?? totalSeconds)) }));
}
