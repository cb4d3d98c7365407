// flite prints the phones it spoke with their end times (`-psdur`: "pau:0.164 hh:0.255 …") but not
// which word each phone belongs to. A second, cheap run reads the tokens one per sentence (`-ps`), so
// its pauses split the phones by token; the counts then walk the timed phones of the real run.
import type { TextToken, TokenMark } from './word-timings.ts';
import { foldToAscii } from './speech-text.ts';

export interface TimedPhone {
  phone: string;
  startSeconds: number;
  endSeconds: number;
}

/**
 * `-psdur` output to timed phones. flite prints one line per utterance (sentence) with times from that
 * utterance's start, and writes the utterances' audio one after another: each line continues from
 * where the last one ended.
 */
export function parseTimedPhones(output: string): TimedPhone[] {
  const phones: TimedPhone[] = [];
  let offset = 0;
  for (const line of output.split('\n')) {
    let start = 0;
    let end = 0;
    for (const m of line.matchAll(/(\S+):(\d+(?:\.\d+)?)/g)) {
      end = Number(m[2]);
      phones.push({ phone: m[1]!, startSeconds: offset + start, endSeconds: offset + end });
      start = end;
    }
    offset += end;
  }
  return phones;
}

/** Text for the counting run: each token that has something to say, as a sentence of its own. */
export function countingText(tokens: TextToken[]): string {
  return tokens
    .map((t) => speakable(t.text))
    .filter((t): t is string => t !== null)
    .map((t) => `${t}.`)
    .join(' ');
}

/** Phones per pause-separated group of the counting run (`-ps` output). */
export function phoneGroups(output: string): number[] {
  const groups: number[] = [];
  let count = 0;
  for (const phone of output.split(/\s+/).filter(Boolean)) {
    if (phone === 'pau') {
      if (count > 0) groups.push(count);
      count = 0;
    } else count += 1;
  }
  if (count > 0) groups.push(count);
  return groups;
}

/**
 * Marks each speakable token at the start of its first phone in the real run. When the counting run
 * does not match the real run phone for phone (a word read differently in context), the phones are
 * shared out by the tokens' letter counts instead: close, if not exact.
 */
export function fliteTokenMarks(tokens: TextToken[], groups: number[], phones: TimedPhone[]): TokenMark[] {
  const spoken = phones.filter((p) => p.phone !== 'pau');
  const speaking = tokens.map((t, i) => ({ i, text: speakable(t.text) })).filter((t): t is { i: number; text: string } => t.text !== null);
  if (speaking.length === 0 || spoken.length === 0) return [];
  let counts = groups;
  if (groups.length !== speaking.length || groups.reduce((a, b) => a + b, 0) !== spoken.length) {
    const letters = speaking.map((t) => Math.max(1, t.text.replace(/[^a-z0-9]/gi, '').length));
    const total = letters.reduce((a, b) => a + b, 0);
    const bounds = [0];
    let sum = 0;
    for (const n of letters) {
      sum += n;
      bounds.push(Math.round((sum / total) * spoken.length));
    }
    counts = letters.map((_n, k) => bounds[k + 1]! - bounds[k]!);
  }
  const marks: TokenMark[] = [];
  let at = 0;
  speaking.forEach((token, k) => {
    const phone = spoken[Math.min(at, spoken.length - 1)];
    if (phone) marks.push({ token: token.i, startSeconds: phone.startSeconds });
    at += counts[k] ?? 0;
  });
  return marks;
}

/** Pause starts in the real run (between phrases, and the trailing one). */
export function pauseStarts(phones: TimedPhone[]): number[] {
  return phones.filter((p, i) => p.phone === 'pau' && i > 0).map((p) => p.startSeconds);
}

/** The token as flite reads it, or null when it has no letter or digit (flite says nothing for it). */
function speakable(text: string): string | null {
  const folded = foldToAscii(text).trim();
  return /[a-z0-9]/i.test(folded) ? folded.replace(/[.!?;:,]+$/g, '').replace(/\s+/g, '') || null : null;
}
